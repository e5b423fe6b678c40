import { describe, expect, it } from 'vitest';
import {
  frenchDateTime,
  itemsToWithdraw,
  WITHDRAWAL_MESSAGES,
  withdrawalDeadline,
  withdrawalStatus,
} from './withdrawal.js';

const order = (fields: Partial<Parameters<typeof withdrawalStatus>[0]> = {}) => ({
  state: 'new',
  groupCode: 'individual',
  fulfilledAt: null,
  itemIds: [1, 2],
  withdrawnItemIds: [],
  ...fields,
});

describe('withdrawal period', () => {
  it('ends at the end of the 14th day after receipt, Paris time', () => {
    // Received Tuesday 3 November 2026 at 10:00 Paris (09:00 UTC): last day Tuesday 17 November, 23:59:59.999 Paris.
    expect(withdrawalDeadline(new Date('2026-11-03T09:00:00Z'))!.toISOString()).toBe('2026-11-17T22:59:59.999Z');
  });

  it('moves to the next Monday when the last day is a Saturday or a Sunday', () => {
    // Received Saturday 7 November → 21 November is a Saturday → Monday 23 November.
    expect(withdrawalDeadline(new Date('2026-11-07T12:00:00Z'))!.toISOString()).toBe('2026-11-23T22:59:59.999Z');
    // Received Sunday 8 November → Sunday 22 → Monday 23.
    expect(withdrawalDeadline(new Date('2026-11-08T12:00:00Z'))!.toISOString()).toBe('2026-11-23T22:59:59.999Z');
  });

  it('moves past public holidays to the next working day', () => {
    // Received Friday 17 April 2026 → Friday 1 May (Fête du travail), then the weekend → Monday 4 May.
    expect(withdrawalDeadline(new Date('2026-04-17T10:00:00Z'))!.toISOString()).toBe('2026-05-04T21:59:59.999Z');
    // Received Wednesday 28 October 2026 → Wednesday 11 November (Armistice) → Thursday 12 November.
    expect(withdrawalDeadline(new Date('2026-10-28T10:00:00Z'))!.toISOString()).toBe('2026-11-12T22:59:59.999Z');
    // Received Thursday 14 May 2026 → Thursday 28 May; Whit Monday is 25 May, Ascension 14 May: no move.
    expect(withdrawalDeadline(new Date('2026-05-14T10:00:00Z'))!.toISOString()).toBe('2026-05-28T21:59:59.999Z');
  });

  it('follows the summer time of Paris', () => {
    // Received Wednesday 1 July 2026 → Wednesday 15 July, 23:59:59.999 at UTC+2.
    expect(withdrawalDeadline(new Date('2026-07-01T08:00:00Z'))!.toISOString()).toBe('2026-07-15T21:59:59.999Z');
  });

  it('has not started before receipt', () => {
    expect(withdrawalDeadline(null)).toBeNull();
  });
});

describe('withdrawalStatus', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('is open for a consumer before receipt, on every part', () => {
    expect(withdrawalStatus(order(), now)).toEqual({ open: true, deadline: null, remainingItemIds: [1, 2] });
  });

  it('is open until the deadline after receipt, then closed as expired', () => {
    const received = order({ state: 'fulfilled', fulfilledAt: new Date('2026-11-06T12:00:00Z') });
    expect(withdrawalStatus(received, now).open).toBe(true);
    expect(withdrawalStatus(received, new Date('2026-11-20T22:59:59Z')).open).toBe(true);
    const late = withdrawalStatus(received, new Date('2026-11-20T23:00:01Z'));
    expect(late).toMatchObject({ open: false, reason: 'expired' });
  });

  it('is closed to professionals, cancelled orders and carts', () => {
    expect(withdrawalStatus(order({ groupCode: 'professional' }), now)).toMatchObject({
      open: false,
      reason: 'professional',
    });
    expect(withdrawalStatus(order({ state: 'cancelled' }), now)).toMatchObject({ open: false, reason: 'cancelled' });
    expect(withdrawalStatus(order({ state: 'cart' }), now)).toMatchObject({ open: false, reason: 'notPlaced' });
  });

  it('leaves only the parts not withdrawn yet, and closes when none is left', () => {
    expect(withdrawalStatus(order({ withdrawnItemIds: [1] }), now)).toMatchObject({
      open: true,
      remainingItemIds: [2],
    });
    expect(withdrawalStatus(order({ withdrawnItemIds: [2, 1] }), now)).toMatchObject({
      open: false,
      reason: 'nothingLeft',
    });
  });

  it('has a French message for every refusal', () => {
    for (const reason of ['professional', 'notPlaced', 'cancelled', 'expired', 'nothingLeft'] as const)
      expect(WITHDRAWAL_MESSAGES[reason]).toMatch(/\S/);
  });
});

describe('itemsToWithdraw', () => {
  it('takes every remaining part when none is named', () => {
    expect(itemsToWithdraw(undefined, [3, 4])).toEqual([3, 4]);
    expect(itemsToWithdraw([], [3, 4])).toEqual([3, 4]);
  });
  it('takes the named parts once, and refuses a part that is not withdrawable', () => {
    expect(itemsToWithdraw([4, 4], [3, 4])).toEqual([4]);
    expect(itemsToWithdraw([5], [3, 4])).toBeNull();
  });
});

describe('frenchDateTime', () => {
  it('writes the date and time in Paris time, in French', () => {
    expect(frenchDateTime(new Date('2026-11-17T22:59:00Z'))).toBe('mardi 17 novembre 2026 à 23 h 59');
  });
});
