'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { CART_COOKIE } from '@/lib/auth/session';
import { violationMessages } from '@/lib/auth/server';
import { refusalFor, withRefusal } from '@/lib/url/refusal';
import { ensureCart, orderCall } from './server';

/**
 * Cart actions, posted by plain forms (they work before hydration and cost the cached part pages no
 * script). Both end on the cart page, which reloads the cart (a failed add and a removal
 * reload the cart); a refusal travels as a code the cart page turns into its French message.
 */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function addToCartAction(form: FormData): Promise<void> {
  const variant = String(form.get('variant') ?? '');
  if (!CODE.test(variant)) redirect('/panier');
  const token = await ensureCart();
  if (!token) redirect(withRefusal('/panier', 'panier-indisponible'));
  const answer = await orderCall('POST', `orders/${encodeURIComponent(token)}/items`, {
    productVariant: variant,
    quantity: 1,
  });
  if (answer.status !== 201) {
    const unavailable = answer.status === 0 || answer.status >= 500;
    redirect(
      withRefusal(
        '/panier',
        unavailable ? 'panier-indisponible' : refusalFor(violationMessages(answer)[0], 'non-ajoutee'),
      ),
    );
  }
  redirect(`/panier?ajout=${encodeURIComponent(variant)}`);
}

export async function removeFromCartAction(form: FormData): Promise<void> {
  const itemId = String(form.get('item') ?? '');
  const token = (await cookies()).get(CART_COOKIE)?.value;
  if (token && /^\d{1,10}$/.test(itemId))
    await orderCall('DELETE', `orders/${encodeURIComponent(token)}/items/${itemId}`);
  redirect('/panier');
}
