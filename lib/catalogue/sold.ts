/**
 * How long a sold part's page stays up (marked sold out, so links and bookmarks still land somewhere
 * useful) before it answers 410 Gone. Setting: SOLD_PART_PAGE_DAYS (README).
 */
export const DEFAULT_SOLD_PART_PAGE_DAYS = 30;
const DAY_MS = 86_400_000;

export function soldPartPageDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SOLD_PART_PAGE_DAYS;
  const days = Number(raw);
  return Number.isInteger(days) && days >= 0 && days <= 3650 ? days : DEFAULT_SOLD_PART_PAGE_DAYS;
}

/** True once the sale is more than `days` days old. */
export function isSoldPartGone(soldAt: string | null, now: Date, days: number): boolean {
  if (!soldAt) return false;
  const sold = Date.parse(soldAt);
  return Number.isFinite(sold) && now.getTime() - sold > days * DAY_MS;
}
