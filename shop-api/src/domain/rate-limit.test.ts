import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('allows `limit` hits per window, then tells when to come back', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    expect([1, 2, 3].map(() => limiter.hit('ip:1', rule).allowed)).toEqual([true, true, true]);
    now += 15_000;
    expect(limiter.hit('ip:1', rule)).toEqual({ allowed: false, retryAfter: 45 });
    expect(limiter.hit('ip:2', rule).allowed).toBe(true);
    now += 45_000;
    expect(limiter.hit('ip:1', rule).allowed).toBe(true);
  });

  it('forgets expired windows when it grows too large', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now, 2);
    const rule = { limit: 1, windowMs: 1000 };
    limiter.hit('a', rule);
    limiter.hit('b', rule);
    now = 5000;
    limiter.hit('c', rule);
    expect(limiter.hit('a', rule).allowed).toBe(true);
  });

  it('multiplies every limit by its scale (a test shop whose suite comes from one address)', () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const scaled = new RateLimiter(() => 0, 100, 3);
    expect(Array.from({ length: 7 }, () => scaled.hit('ip:1', rule).allowed)).toEqual([true, true, true, true, true, true, false]);
  });
});
