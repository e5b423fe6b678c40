import { describe, expect, it } from 'vitest';
import { DAY_MS, erasureDate, retentionStep } from './retention.js';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
const customer = (fields: Partial<Parameters<typeof retentionStep>[0]>) => ({
  createdAt: daysAgo(1000),
  lastSeenAt: null,
  retentionWarnedAt: null,
  erasedAt: null,
  ...fields,
});

describe('retention of unused accounts', () => {
  it('keeps an account used within the last 700 days', () => {
    expect(retentionStep(customer({ lastSeenAt: daysAgo(699) }), now)).toBe('keep');
    expect(retentionStep(customer({ createdAt: daysAgo(10) }), now)).toBe('keep');
  });

  it('warns 30 days before the 2 years, once', () => {
    expect(retentionStep(customer({ lastSeenAt: daysAgo(700) }), now)).toBe('warn');
    expect(retentionStep(customer({ lastSeenAt: daysAgo(710), retentionWarnedAt: daysAgo(10) }), now)).toBe('keep');
  });

  it('erases after 2 years of idleness when the warning is at least 30 days old', () => {
    expect(retentionStep(customer({ lastSeenAt: daysAgo(730), retentionWarnedAt: daysAgo(30) }), now)).toBe('erase');
    // Warned late (the job was off): the customer still gets their 30 days.
    expect(retentionStep(customer({ lastSeenAt: daysAgo(900), retentionWarnedAt: daysAgo(29) }), now)).toBe('keep');
  });

  it('uses the creation date for an account never signed in, and leaves erased accounts alone', () => {
    expect(retentionStep(customer({ createdAt: daysAgo(731), retentionWarnedAt: daysAgo(31) }), now)).toBe('erase');
    expect(retentionStep(customer({ erasedAt: daysAgo(1) }), now)).toBe('keep');
  });

  it('announces the later of the 2 years and the 30 days of notice', () => {
    expect(erasureDate({ createdAt: daysAgo(1000), lastSeenAt: daysAgo(700) }, now).toISOString()).toBe(
      new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    );
    expect(erasureDate({ createdAt: daysAgo(1000), lastSeenAt: daysAgo(900) }, now).toISOString()).toBe(
      new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    );
    expect(erasureDate({ createdAt: daysAgo(1000), lastSeenAt: daysAgo(690) }, now).toISOString()).toBe(
      daysAgo(690 - 730).toISOString(),
    );
  });
});
