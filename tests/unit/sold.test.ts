import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLD_PART_PAGE_DAYS, isSoldPartGone, soldPartPageDays } from '@/lib/catalogue/sold';

describe('sold part pages', () => {
  const soldAt = '2026-11-01T10:00:00.000Z';

  it('stay up for the configured number of days, then are gone', () => {
    expect(isSoldPartGone(soldAt, new Date('2026-12-01T09:59:59Z'), 30)).toBe(false);
    expect(isSoldPartGone(soldAt, new Date('2026-12-01T10:00:01Z'), 30)).toBe(true);
    expect(isSoldPartGone(soldAt, new Date('2026-11-01T10:00:01Z'), 0)).toBe(true);
  });

  it('never disappear while the part is for sale', () => {
    expect(isSoldPartGone(null, new Date('2030-01-01'), 0)).toBe(false);
  });

  it('read the setting, falling back to the default on nonsense', () => {
    expect(soldPartPageDays(undefined)).toBe(DEFAULT_SOLD_PART_PAGE_DAYS);
    expect(soldPartPageDays('7')).toBe(7);
    expect(soldPartPageDays('0')).toBe(0);
    for (const raw of ['', '-1', '2.5', 'abc', '99999'])
      expect(soldPartPageDays(raw)).toBe(DEFAULT_SOLD_PART_PAGE_DAYS);
  });
});
