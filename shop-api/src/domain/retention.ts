/**
 * How long an unused account is kept (CNIL's référentiel « gestion commerciale »): erased 2 years
 * after the customer's last sign-in, once they were warned by mail at least 30 days before. Coming
 * back (signing in) keeps the account and starts the 2 years again.
 */
export const DAY_MS = 24 * 3600 * 1000;
export const ACCOUNT_IDLE_LIMIT_MS = 730 * DAY_MS;
export const ERASURE_NOTICE_MS = 30 * DAY_MS;

export interface RetentionSubject {
  createdAt: Date;
  lastSeenAt: Date | null;
  retentionWarnedAt: Date | null;
  erasedAt: Date | null;
}

export type RetentionStep = 'keep' | 'warn' | 'erase';

export function retentionStep(customer: RetentionSubject, now: Date): RetentionStep {
  if (customer.erasedAt) return 'keep';
  const idle = now.getTime() - (customer.lastSeenAt ?? customer.createdAt).getTime();
  if (idle < ACCOUNT_IDLE_LIMIT_MS - ERASURE_NOTICE_MS) return 'keep';
  if (!customer.retentionWarnedAt) return 'warn';
  const noticeGiven = now.getTime() - customer.retentionWarnedAt.getTime() >= ERASURE_NOTICE_MS;
  return noticeGiven && idle >= ACCOUNT_IDLE_LIMIT_MS ? 'erase' : 'keep';
}

/** The day the account of a customer warned at `warnedAt` may be erased, at the earliest. */
export function erasureDate(customer: Pick<RetentionSubject, 'createdAt' | 'lastSeenAt'>, warnedAt: Date): Date {
  const byIdleness = (customer.lastSeenAt ?? customer.createdAt).getTime() + ACCOUNT_IDLE_LIMIT_MS;
  return new Date(Math.max(byIdleness, warnedAt.getTime() + ERASURE_NOTICE_MS));
}
