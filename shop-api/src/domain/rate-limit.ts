/**
 * Fixed-window counters for login, registration and reset requests, per IP and per e-mail.
 * In memory: each shop-api instance counts on its own (README, scaling), which bounds an attacker to
 * the limit times the number of instances.
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window reopens (Retry-After), when refused. */
  retryAfter: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /**
   * `scale` multiplies every limit: 1 in service; more for a test shop whose whole suite comes from
   * one address (RATE_LIMIT_SCALE).
   */
  constructor(private readonly now: () => number = Date.now, private readonly maxKeys = 100_000, private readonly scale = 1) {}

  /** Counts one attempt under `key`; refuses once `rule.limit` attempts fell in the current window. */
  hit(key: string, rule: RateRule): RateDecision {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= rule.windowMs) {
      if (this.windows.size >= this.maxKeys) this.sweep(now, rule.windowMs);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= rule.limit * this.scale) return { allowed: true, retryAfter: 0 };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((window.start + rule.windowMs - now) / 1000)) };
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}

/** Limits of spec-less but expected behaviour: enough for a person, too few for a script. */
export const RATE_RULES = {
  loginPerIp: { limit: 20, windowMs: 10 * 60_000 },
  loginPerEmail: { limit: 8, windowMs: 10 * 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 10, windowMs: 60 * 60_000 },
  resetPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  quotePerCustomer: { limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;
