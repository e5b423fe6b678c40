import { describe, expect, it } from 'vitest';
import { availabilityOf } from './part-availability.js';

describe('availabilityOf', () => {
  it('is available with stock on hand and no hold', () => {
    expect(availabilityOf({ soldAt: null, onHand: 1, heldByPaymentId: null })).toBe('available');
  });
  it('is reserved while a checkout holds the only piece', () => {
    expect(availabilityOf({ soldAt: null, onHand: 1, heldByPaymentId: 7 })).toBe('reserved');
  });
  it('is sold once a sale date is recorded, whatever the stock says', () => {
    expect(availabilityOf({ soldAt: new Date('2026-11-01'), onHand: 1, heldByPaymentId: null })).toBe('sold');
  });
  it('is sold when nothing is on hand', () => {
    expect(availabilityOf({ soldAt: null, onHand: 0, heldByPaymentId: null })).toBe('sold');
  });
});
