/**
 * Derived checkout state and the step it leads to. The shop API records a shipment with
 * a default method (pickup) as soon as the order is addressed, as Sylius does; the shipping method
 * counts as chosen once the customer confirmed it on the shipping step (`shipping_selected` or a
 * later checkout state).
 */
import type { Order } from '@/lib/orders/types';
import { lastSegment } from '@/lib/url/decode';

export type CheckoutState = 'cart' | 'addressed' | 'shipping';

const METHOD_CHOSEN = ['shipping_selected', 'payment_selected', 'payment_skipped', 'completed'];

export function checkoutState(order: Pick<Order, 'shippingAddress' | 'shipments' | 'checkoutState'>): CheckoutState {
  if (!order.shippingAddress) return 'cart';
  const hasMethod = order.shipments.some((shipment) => Boolean(shipment.method));
  return hasMethod && METHOD_CHOSEN.includes(order.checkoutState) ? 'shipping' : 'addressed';
}

/**
 * The order as the shopper chose it. When the parts no longer fit the chosen method (a heavy part
 * added after choosing a parcel), the shop API replaces it by the first method that fits, as Sylius
 * does, and the order still reads as "method chosen": the shopper could pay for a pickup they never
 * chose. The code they chose, remembered in this browser, tells: such an order is back to "addressed"
 * (the method is to be chosen again) and says so. Without a remembered choice the shop API is trusted.
 */
export function withShopperChoice<T extends Pick<Order, 'shipments' | 'checkoutState'>>(
  order: T,
  chosenCode: string | undefined,
): T & ShopperChoice {
  if (!chosenCode) return order;
  const current = lastSegment(order.shipments[0]?.method);
  // This shop API also puts such an order back to "addressed" itself; Sylius leaves it "shipping selected".
  const replaced =
    current !== null &&
    current !== chosenCode &&
    (order.checkoutState === 'addressed' || METHOD_CHOSEN.includes(order.checkoutState)) &&
    order.checkoutState !== 'completed';
  return replaced
    ? { ...order, checkoutState: 'addressed', shippingMethodReplaced: true, rememberedMethod: chosenCode }
    : order;
}

/** What `withShopperChoice` adds: the order is not with the method this browser chose, which was this one. */
export interface ShopperChoice {
  shippingMethodReplaced?: true;
  rememberedMethod?: string;
}

/**
 * Why the order is no longer with the shopper's method: `unfit` when that method cannot carry the parts
 * any more (a heavy part added after choosing a parcel), `changed` when it still could (the heavy part
 * removed again, or another method chosen on another device): then the choice is only to confirm.
 */
export function replacedChoiceReason(
  remembered: string | undefined,
  methods: readonly { code: string }[],
): 'unfit' | 'changed' {
  return methods.some((method) => method.code === remembered) ? 'changed' : 'unfit';
}

export const CHECKOUT_STEPS = [
  { path: '/commande/adresses', key: 'addresses', needs: 'cart' },
  { path: '/commande/livraison', key: 'shipping', needs: 'addressed' },
  { path: '/commande/paiement', key: 'payment', needs: 'shipping' },
] as const satisfies readonly { path: string; key: string; needs: CheckoutState }[];

export type CheckoutStepPath = (typeof CHECKOUT_STEPS)[number]['path'];

const RANK: Record<CheckoutState, number> = { cart: 0, addressed: 1, shipping: 2 };

/** Where a visitor asking for `path` belongs: the step itself when the order is ready for it, else the furthest step it is ready for. */
export function stepFor(path: CheckoutStepPath, state: CheckoutState): CheckoutStepPath {
  const step = CHECKOUT_STEPS.find((candidate) => candidate.path === path)!;
  if (RANK[state] >= RANK[step.needs]) return path;
  return [...CHECKOUT_STEPS].reverse().find((candidate) => RANK[state] >= RANK[candidate.needs])!.path;
}

/** Return URLs of the payment. */
export const PAYMENT_RETURN = { success: '/commande/valide', cancel: '/commande/livraison' } as const;
