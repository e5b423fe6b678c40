'use server';

import { refresh } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { FormResult } from '@/lib/forms/checked';
import { CART_COOKIE, SHIPPING_CHOICE_COOKIE } from '@/lib/auth/session';
import { sessionCookieOptions } from '@/lib/auth/tokens';
import { storefrontConfig } from '@/lib/config/server';
import { getCart, orderCall } from '@/lib/cart/server';
import { addressingBody, checkoutAddressSchema, type CheckoutAddressValues } from '@/lib/forms/checkout-schemas';
import type { Order } from '@/lib/orders/types';
import { violationMessages } from '@/lib/shop-api/server';
import { lastSegment } from '@/lib/url/decode';
import { isBotUserAgent } from '@/lib/seo/bots';
import { isShopIdentifier } from '@/lib/shop-api/identifier';
import { signInPath } from '@/lib/url/return-path';
import { startPayment } from './server';
import { checkoutState, stepFor } from './state';
import { text } from '@/lib/i18n/answers';

const UNAVAILABLE = text('orderUnavailable');

async function cartToken(): Promise<string> {
  const token = (await cookies()).get(CART_COOKIE)?.value;
  if (!token) redirect('/panier');
  return token;
}

/** Address step: addresses (from the book or typed) and plates, then on to the shipping step. */
export async function saveCheckoutAddressAction(values: unknown): Promise<FormResult> {
  let input: CheckoutAddressValues;
  try {
    input = (await checkoutAddressSchema.validate(values, {
      abortEarly: false,
      stripUnknown: true,
    })) as CheckoutAddressValues;
  } catch (error) {
    return { ok: false, messages: (error as { errors?: string[] }).errors ?? [UNAVAILABLE] };
  }
  const token = await cartToken();
  const answer = await orderCall('PUT', `orders/${encodeURIComponent(token)}`, addressingBody(input));
  if (answer.status === 401) redirect(signInPath('/commande/adresses', { sessionEnded: true }));
  if (answer.status === 404) redirect('/panier');
  if (answer.status !== 200) {
    const messages = answer.status >= 500 ? [] : violationMessages(answer);
    return { ok: false, messages: messages.length > 0 ? messages : [UNAVAILABLE] };
  }
  redirect('/commande/livraison');
}

const CHOOSE_METHOD = text('chooseMethod');
const RECAP_UPDATED = text('recapUpdated');
const ORDER_CHANGED = text('orderChanged');

/**
 * Records `code` as the order's shipping method, and in this browser as the shopper's choice (the
 * shop API may replace it later: `withShopperChoice`); the shop API's refusal in French, or null.
 */
async function saveShippingMethod(cart: Order, code: string): Promise<string | null> {
  const shipment = cart.shipments[0];
  if (!shipment) redirect('/commande/adresses');
  const answer = await orderCall('PATCH', `orders/${encodeURIComponent(cart.tokenValue)}/shipments/${shipment.id}`, {
    shippingMethod: `/api/v2/shop/shipping-methods/${code}`,
  });
  if (answer.status === 401) redirect(signInPath('/commande/livraison', { sessionEnded: true }));
  if (answer.status !== 200) return (answer.status < 500 && violationMessages(answer)[0]) || UNAVAILABLE;
  (await cookies()).set(SHIPPING_CHOICE_COOKIE, code, sessionCookieOptions(storefrontConfig().siteUrl));
  return null;
}

/**
 * Shipping step, on each choice of method (with JavaScript): records it, and the page renders again
 * so that the recap shows the order's new delivery and total before the pay button is used.
 */
export async function selectShippingAction(code: unknown): Promise<FormResult> {
  if (!isShopIdentifier(code)) return { ok: false, messages: [CHOOSE_METHOD] };
  const cart = await getCart();
  if (!cart) redirect('/panier');
  const problem = await saveShippingMethod(cart, code);
  refresh();
  return problem ? { ok: false, messages: [problem] } : { ok: true };
}

/**
 * Shipping step's pay button: leaves for the payment only when the recap the shopper saw (the form
 * carries its total) is the order's, with this method. Otherwise (no JavaScript, the method just
 * changed, or the order changed elsewhere) the method is recorded and the page shows the new recap first.
 */
export async function chooseShippingAction(_previous: FormResult | null, form: FormData): Promise<FormResult> {
  if (!(form instanceof FormData)) return { ok: false, messages: [CHOOSE_METHOD] };
  const code = String(form.get('method') ?? '');
  if (!isShopIdentifier(code)) return { ok: false, messages: [CHOOSE_METHOD] };
  const cart = await getCart();
  if (!cart) redirect('/panier');
  const chosen = checkoutState(cart) === 'shipping' && lastSegment(cart.shipments[0]?.method) === code;
  if (chosen && form.get('total') === String(cart.total)) redirect('/commande/paiement');
  const problem = chosen ? null : await saveShippingMethod(cart, code);
  refresh();
  if (problem) return { ok: false, messages: [problem] };
  // The method was already this one: what the shopper saw changed elsewhere (a part added in another tab).
  return { ok: true, message: chosen ? ORDER_CHANGED : RECAP_UPDATED };
}

/** What the payment step shows when no checkout could be opened. */
export type PaymentRefusal = { messages: string[] };

const BROWSERS_ONLY = text('browsersOnly');
const TOTAL_CHANGED = text('totalChanged');

/**
 * The payment step's one way in: holds the parts and leaves for the provider's checkout, if the total the
 * step showed is still the order's. Posted by the
 * step's form, which the page submits itself once shown to a shopper (never on a prefetch: a posted
 * action is the one thing a prefetch or a crawler following links does not do); crawlers running
 * scripts are refused by name.
 */
export async function startPaymentAction(_previous: PaymentRefusal | null, form: FormData): Promise<PaymentRefusal> {
  if (isBotUserAgent((await headers()).get('user-agent'))) return { messages: [BROWSERS_ONLY] };
  const cart = await getCart();
  if (!cart || cart.items.length === 0) redirect('/panier');
  const step = stepFor('/commande/paiement', checkoutState(cart));
  if (step !== '/commande/paiement') redirect(step);
  // The page showed a recap and its total: a cart changed since (another tab) is not paid unseen.
  if (!(form instanceof FormData) || form.get('total') !== String(cart.total)) return { messages: [TOTAL_CHANGED] };
  const payment = await startPayment(cart.tokenValue);
  if (payment.checkoutUrl !== null) redirect(payment.checkoutUrl);
  return { messages: payment.messages };
}
