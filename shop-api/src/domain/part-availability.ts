/**
 * Availability of a unique used part (every part is stock 1). A part is for sale,
 * held by a checkout in progress, or sold; a sold part never comes back to sale by itself.
 */
export type PartAvailability = 'available' | 'reserved' | 'sold';

export interface StockFacts {
  soldAt: Date | null;
  onHand: number;
  /** The open payment holding the part, if any. */
  heldByPaymentId: number | null;
}

export function availabilityOf({ soldAt, onHand, heldByPaymentId }: StockFacts): PartAvailability {
  if (soldAt || onHand <= 0) return 'sold';
  return heldByPaymentId === null ? 'available' : 'reserved';
}

/** Whether a shopper can take the part now (the contract's `inStock`). */
export const inStock = (stock: Omit<StockFacts, 'soldAt'>) =>
  availabilityOf({ ...stock, soldAt: null }) === 'available';
