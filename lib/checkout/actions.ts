'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { FormResult } from '@/lib/auth/actions';
import { violationMessages } from '@/lib/auth/server';
import { CART_COOKIE } from '@/lib/auth/session';
import { getCart, orderCall } from '@/lib/cart/server';
import { addressingBody, checkoutAddressSchema, type CheckoutAddressValues } from '@/lib/forms/checkout-schemas';

const UNAVAILABLE = 'La commande est momentanément indisponible. Réessayez dans un instant.';

async function cartToken(): Promise<string> {
  const token = (await cookies()).get(CART_COOKIE)?.value;
  if (!token) redirect('/panier');
  return token;
}

/** Address step: addresses (from the book or typed) and plates, then on to the shipping step. */
export async function saveCheckoutAddressAction(values: unknown): Promise<FormResult> {
  let input: CheckoutAddressValues;
  try {
    input = await checkoutAddressSchema.validate(values, { abortEarly: false, stripUnknown: true }) as CheckoutAddressValues;
  } catch (error) {
    return { ok: false, messages: (error as { errors?: string[] }).errors ?? [UNAVAILABLE] };
  }
  const token = await cartToken();
  const answer = await orderCall('PUT', `orders/${encodeURIComponent(token)}`, addressingBody(input));
  if (answer.status === 401) redirect('/connexion?retour=/commande/adresses');
  if (answer.status === 404) redirect('/panier');
  if (answer.status !== 200) {
    const messages = answer.status >= 500 ? [] : violationMessages(answer);
    return { ok: false, messages: messages.length > 0 ? messages : [UNAVAILABLE] };
  }
  redirect('/commande/livraison');
}

const METHOD_CODE = /^[a-z0-9_-]{1,64}$/i;

/** Shipping step, a plain form: the chosen method, then the payment step (which leaves for the provider). */
export async function chooseShippingAction(form: FormData): Promise<void> {
  const code = String(form.get('method') ?? '');
  const cart = await getCart();
  if (!cart) redirect('/panier');
  const shipment = cart.shipments[0];
  if (!shipment) redirect('/commande/adresses');
  const refuse = (message: string) => redirect(`/commande/livraison?refus=${encodeURIComponent(message)}`);
  if (!METHOD_CODE.test(code)) refuse('Choisissez un mode de livraison.');
  const answer = await orderCall('PATCH', `orders/${encodeURIComponent(cart.tokenValue)}/shipments/${shipment.id}`, {
    shippingMethod: `/api/v2/shop/shipping-methods/${code}`,
  });
  if (answer.status === 401) redirect('/connexion?retour=/commande/livraison');
  if (answer.status !== 200) refuse((answer.status < 500 && violationMessages(answer)[0]) || UNAVAILABLE);
  redirect('/commande/stripe');
}
