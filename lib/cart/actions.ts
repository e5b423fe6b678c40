'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { CART_COOKIE } from '@/lib/auth/session';
import { isShopIdentifier } from '@/lib/shop-api/identifier';
import { withRefusal } from '@/lib/url/refusal';
import { addToCart, orderCall } from './server';

/**
 * Cart actions, posted by plain forms (they work before hydration and cost the cached part pages no
 * script). Both end on the cart page: after an add it shows the shop API's answer to it, after a
 * removal it reads the cart again; a refusal travels as a code the cart page turns into its French
 * message.
 */
export async function addToCartAction(form: FormData): Promise<void> {
  // What the browser sent is checked, its type too: anyone can call an action with any arguments.
  if (!(form instanceof FormData)) redirect('/panier');
  const variant = String(form.get('variant') ?? '');
  if (!isShopIdentifier(variant)) redirect('/panier');
  const outcome = await addToCart(variant);
  if (outcome.kind === 'refused') redirect(withRefusal('/panier', outcome.code));
  redirect(`/panier?ajout=${encodeURIComponent(variant)}`);
}

export async function removeFromCartAction(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) redirect('/panier');
  const itemId = String(form.get('item') ?? '');
  const token = (await cookies()).get(CART_COOKIE)?.value;
  if (token && /^\d{1,10}$/.test(itemId))
    await orderCall('DELETE', `orders/${encodeURIComponent(token)}/items/${itemId}`);
  redirect('/panier');
}
