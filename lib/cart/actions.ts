'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { CART_COOKIE } from '@/lib/auth/session';
import { violationMessages } from '@/lib/auth/server';
import { ensureCart, orderCall } from './server';

/**
 * Cart actions, posted by plain forms (they work before hydration and cost the cached part pages no
 * script). Both end on the cart page, which reloads the cart (spec §4: a failed add and a removal
 * reload the cart); a refusal travels as its French message.
 */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function addToCartAction(form: FormData): Promise<void> {
  const variant = String(form.get('variant') ?? '');
  if (!CODE.test(variant)) redirect('/panier');
  const token = await ensureCart();
  if (!token) redirect(`/panier?refus=${encodeURIComponent('Le panier est momentanément indisponible. Réessayez dans un instant.')}`);
  const answer = await orderCall('POST', `orders/${encodeURIComponent(token)}/items`, { productVariant: variant, quantity: 1 });
  if (answer.status !== 201) {
    const message = violationMessages(answer)[0] ?? 'Cette pièce n’a pas pu être ajoutée au panier.';
    redirect(`/panier?refus=${encodeURIComponent(message)}`);
  }
  redirect(`/panier?ajout=${encodeURIComponent(variant)}`);
}

export async function removeFromCartAction(form: FormData): Promise<void> {
  const itemId = String(form.get('item') ?? '');
  const token = (await cookies()).get(CART_COOKIE)?.value;
  if (token && /^\d{1,10}$/.test(itemId)) await orderCall('DELETE', `orders/${encodeURIComponent(token)}/items/${itemId}`);
  redirect('/panier');
}
