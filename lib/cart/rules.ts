/**
 * Cart rules, as decisions on plain data (the server code applies them):
 * - a part is posted to the visitor's cart at once, without reading the cart first;
 * - no cart token, a cart that is gone (404) or one already placed: a new cart is created and the part
 *   posted to it; a placed order's token becomes the previous token (its confirmation page reads it);
 * - a passing failure keeps the cart token: the visitor is asked to try again.
 */
import { refusalFor, type RefusalCode } from '@/lib/url/refusal';

export interface FetchedOrder {
  tokenValue: string;
  /** Present on some answers only (Sylius's cart view has no `state`). */
  state?: string;
  checkoutState: string;
  paymentState: string;
}

export function isStillCart(order: FetchedOrder): boolean {
  if (order.state !== undefined) return order.state === 'cart';
  return order.checkoutState !== 'completed' && order.paymentState === 'cart';
}

export type AddOutcome =
  | { kind: 'added' }
  /** The cart is gone or placed: a new one is needed (the placed order's token is kept as the previous one). */
  | { kind: 'new-cart'; previousToken: string | null }
  | { kind: 'refused'; code: RefusalCode };

/** What follows the shop API's answer to posting a part to the cart `token` (status 0: no answer). */
export function afterAdd(token: string, answer: { status: number; code?: string }): AddOutcome {
  if (answer.status === 201) return { kind: 'added' };
  if (answer.status === 404) return { kind: 'new-cart', previousToken: null };
  if (answer.status === 0 || answer.status >= 500) return { kind: 'refused', code: 'panier-indisponible' };
  const code = refusalFor(answer.code, 'non-ajoutee');
  // The shop API refuses to change an order that is no longer a cart: this one was placed.
  if (code === 'commande-validee') return { kind: 'new-cart', previousToken: token };
  return { kind: 'refused', code };
}

/** Whether a part posted to the account's cart at sign-in is in it now (added, or there already). */
export const joined = (outcome: AddOutcome) =>
  outcome.kind === 'added' || (outcome.kind === 'refused' && outcome.code === 'deja-au-panier');

/**
 * What the cart page says after signing in when parts of the browser's cart did not join the account's
 * (`outcomes`: one per part posted to it), or null when every part joined. A part already there joined.
 * The account's cart full comes first: the shopper can act on it (order, then add the rest).
 */
export function mergeRefusal(outcomes: readonly AddOutcome[]): RefusalCode | null {
  const left = outcomes.filter((outcome) => !joined(outcome));
  if (left.length === 0) return null;
  return left.some((outcome) => outcome.kind === 'refused' && outcome.code === 'panier-plein')
    ? 'fusion-panier-plein'
    : 'fusion-incomplete';
}
