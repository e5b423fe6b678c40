/**
 * Availability of a unique used part (design §6 Stock: every part is stock 1). A part is for sale,
 * held by a checkout in progress, or sold; a sold part never comes back to sale by itself.
 */
export type PartAvailability = 'available' | 'reserved' | 'sold';

export interface StockFacts {
  soldAt: Date | null;
  onHand: number;
  onHold: number;
}

export function availabilityOf({ soldAt, onHand, onHold }: StockFacts): PartAvailability {
  if (soldAt || onHand <= 0) return 'sold';
  return onHand - onHold > 0 ? 'available' : 'reserved';
}

/** Stock once a part is sold: nothing on hand, nothing held (a hold of a checkout dies with the sale). */
export const SOLD_STOCK = { onHand: 0, onHold: 0 } as const;
