/**
 * Which status label a customer sees for an order:
 * - validated with shippingState ready, waiting or shipped: by the last shipment's method code and the
 *   shipping state (e.g. `retrait_casse.waiting`: "ready for pickup at the yard");
 * - otherwise new, cancelled or fulfilled: by the order state;
 * - otherwise unknown.
 * Returns a key under `orderStatus` of messages/fr.json.
 */
import { lastSegment } from '@/lib/url/decode';
export interface OrderStatusFacts {
  state: string;
  shippingState?: string | null;
  shipments?: { method?: { code?: string } | string | null }[];
}

const SHIPPING_STATES = ['ready', 'waiting', 'shipped'] as const;
const ORDER_STATES = ['new', 'cancelled', 'fulfilled'] as const;
/** Methods with their own wording; any other method uses the generic shipping texts. */
export const LABELLED_METHODS = ['retrait_casse', 'colis', 'messagerie'] as const;

function methodCode(method: { code?: string } | string | null | undefined): string | null {
  if (!method) return null;
  if (typeof method === 'string') return lastSegment(method);
  return method.code ?? null;
}

export function orderStatusKey(order: OrderStatusFacts): string {
  const shipping = order.shippingState ?? '';
  if (order.state === 'validated' && (SHIPPING_STATES as readonly string[]).includes(shipping)) {
    const code = methodCode(order.shipments?.at(-1)?.method);
    const family = code && (LABELLED_METHODS as readonly string[]).includes(code) ? code : 'other';
    return `shipping.${family}.${shipping}`;
  }
  if ((ORDER_STATES as readonly string[]).includes(order.state)) return `state.${order.state}`;
  return 'unknown';
}
