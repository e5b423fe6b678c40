import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from './cart.js';
import { CHECKOUT_MESSAGES } from './checkout.js';
import { MESSAGES } from './customer-rules.js';
import { codeOf, coded } from './refusal-codes.js';

describe('refusal codes', () => {
  it('knows each sentence of a catalogue by its family and key', () => {
    expect(codeOf(CART_MESSAGES.sold)).toBe('cart.sold');
    expect(codeOf(MESSAGES.expiredResetLink)).toBe('account.expiredResetLink');
    expect(codeOf('Une phrase de nulle part.')).toBeUndefined();
  });

  it('knows the sentences a catalogue function makes, once made', () => {
    const plate = CHECKOUT_MESSAGES.plate('ZZ-999');
    expect(codeOf(plate)).toBe('checkout.plate');
  });

  it('keeps one code for a sentence two catalogues share', () => {
    expect(CART_MESSAGES.notCart).toBe(CHECKOUT_MESSAGES.completed);
    expect(codeOf(CART_MESSAGES.notCart)).toBe('checkout.completed');
  });

  it('refuses a sentence given two meanings', () => {
    coded('test-one', { same: 'Une phrase de test partagée.' });
    expect(() => coded('test-two', { same: 'Une phrase de test partagée.' })).toThrow(/test-one.same/);
  });
});
