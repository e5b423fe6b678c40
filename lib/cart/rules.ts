/**
 * Cart rules, as decisions on plain data (the server code applies them):
 * - no cart token: a new order is created;
 * - a fetched order that is no longer a cart (already placed or paid) is discarded: its token becomes
 *   the previous token and a new cart is created;
 * - updating the billing address clears the stored address ids.
 */
export interface FetchedOrder {
  tokenValue: string;
  /** Present on some answers only (Sylius's cart view has no `state`). */
  state?: string;
  checkoutState: string;
  paymentState: string;
}

export type CartDecision = { kind: 'create' } | { kind: 'keep' } | { kind: 'replace'; previousToken: string };

export function isStillCart(order: FetchedOrder): boolean {
  if (order.state !== undefined) return order.state === 'cart';
  return order.checkoutState !== 'completed' && order.paymentState === 'cart';
}

/** What to do with the visitor's cart token and the order it points to (null: none found). */
export function decideCart(token: string | undefined, order: FetchedOrder | null): CartDecision {
  if (!token || !order) return { kind: 'create' };
  return isStillCart(order) ? { kind: 'keep' } : { kind: 'replace', previousToken: order.tokenValue };
}
