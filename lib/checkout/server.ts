import 'server-only';
import { cookies } from 'next/headers';
import { orderCall, PREVIOUS_CART_COOKIE } from '@/lib/cart/server';
import { CART_COOKIE } from '@/lib/auth/session';
import { storefrontConfig } from '@/lib/config/server';
import { shopperCall, violationMessages, type HydraCollection } from '@/lib/shop-api/server';
import type { Order } from '@/lib/orders/types';
import { PAYMENT_RETURN } from './state';

/** A shipping method that can carry the cart, priced for it by the shop API (cents). */
export interface ShippingOption {
  code: string;
  name: string;
  description: string | null;
  price: number;
}

export async function getShippingOptions(token: string): Promise<ShippingOption[]> {
  const answer = await shopperCall<HydraCollection<ShippingOption>>(
    'GET',
    `shipping-methods?tokenValue=${encodeURIComponent(token)}`,
    undefined,
    { refresh: false, ld: true },
  );
  return answer.status === 200 ? (answer.body?.['hydra:member'] ?? []) : [];
}

export type PaymentStart = { checkoutUrl: string } | { checkoutUrl: null; messages: string[] };

/** Holds the parts and opens the provider's checkout (`POST /orders/{token}/pay`); the return URLs lead back to the shop. */
export async function startPayment(token: string): Promise<PaymentStart> {
  const site = storefrontConfig().siteUrl;
  const answer = await orderCall<{ checkoutUrl?: string }>(
    'POST',
    `orders/${encodeURIComponent(token)}/pay`,
    {
      afterSuccessUrl: `${site}${PAYMENT_RETURN.success}`,
      afterCancelUrl: `${site}${PAYMENT_RETURN.cancel}?paiement=annule`,
    },
    false,
  );
  const checkoutUrl = answer.status === 200 ? answer.body?.checkoutUrl : undefined;
  if (checkoutUrl && /^https?:\/\//.test(checkoutUrl)) return { checkoutUrl };
  return { checkoutUrl: null, messages: violationMessages(answer) };
}

/**
 * The order just paid for, for the confirmation page: the cart token still names it (it is no longer
 * a cart), or the previous token once a new cart replaced it. Completing is idempotent.
 */
export async function findOrderToConfirm(): Promise<{ order: Order; paid: boolean } | null> {
  const jar = await cookies();
  for (const token of [jar.get(CART_COOKIE)?.value, jar.get(PREVIOUS_CART_COOKIE)?.value]) {
    if (!token) continue;
    const found = await orderCall<Order>('GET', `orders/${encodeURIComponent(token)}`, undefined, false);
    if (found.status !== 200 || !found.body || found.body.items.length === 0) continue;
    if (found.body.paymentState !== 'paid') {
      // A checkout is open and the provider has not confirmed yet (Stripe's webhook may follow the visitor).
      if (found.body.checkoutState === 'payment_selected') return { order: found.body, paid: false };
      continue;
    }
    const completed = await orderCall<Order>('PATCH', `orders/${encodeURIComponent(token)}/complete`, {}, false);
    return { order: completed.status === 200 && completed.body ? completed.body : found.body, paid: true };
  }
  return null;
}
