import 'server-only';
import { cookies } from 'next/headers';
import { CART_COOKIE, cookieName, LEFT_PARTS_COOKIE, SHIPPING_CHOICE_COOKIE } from '@/lib/auth/session';
import { readSession } from '@/lib/auth/server';
import { sessionCookieOptions } from '@/lib/auth/tokens';
import { storefrontConfig } from '@/lib/config/server';
import type { Order } from '@/lib/orders/types';
import { withShopperChoice, type ShopperChoice } from '@/lib/checkout/state';
import { publicCall, shopperCall, type ShopAnswer } from '@/lib/shop-api/server';
import type { RefusalCode } from '@/lib/url/refusal';
import { lastSegment } from '@/lib/url/decode';
import { isShopIdentifier } from '@/lib/shop-api/identifier';
import { afterAdd, isStillCart, joined, mergeRefusal, type AddOutcome } from './rules';

/**
 * The visitor's cart as the cart and checkout pages read it (prices in cents, computed by the shop API),
 * with the delivery method as the shopper chose it (`withShopperChoice`).
 */
export type Cart = Order & ShopperChoice;

export const PREVIOUS_CART_COOKIE = cookieName('shop_previous_cart_token');
/** How long the cart page can name the parts left out at sign-in. */
const LEFT_PARTS_LIFETIME_S = 15 * 60;

/**
 * The carts the shop API just answered to an add, for the pages that follow (the cart page the add
 * redirects to, the header's badge): they show that answer instead of asking for the cart again. Kept
 * a few seconds, per cart token and customer, in this process only (another instance asks the shop
 * API); any other change of the cart made here forgets it. On globalThis: Next may load this module
 * once for actions and once for pages. See docs/decisions/0012-the-cart-page-shows-the-answer-of-the-add.md.
 * Not with several storefronts (REDIS_URL): the cart can change through another instance within those
 * seconds, which this one would not know (a step of the checkout sent back to the addresses), so every
 * read asks the shop API there.
 */
const ANSWER_LIFETIME_MS = 5_000;
const MAX_ANSWERS = 10_000;
const answers = ((globalThis as Record<symbol, unknown>)[Symbol.for('shop.answered-carts')] ??= new Map()) as Map<
  string,
  { cart: Order; until: number }
>;

async function answerKey(token: string): Promise<string> {
  return `${(await readSession()).customerId ?? ''}:${token}`;
}

async function rememberAnswer(token: string, cart: Order): Promise<void> {
  if (process.env.REDIS_URL) return;
  const now = Date.now();
  for (const [key, answer] of answers) {
    if (answer.until > now && answers.size < MAX_ANSWERS) break;
    answers.delete(key);
  }
  answers.set(await answerKey(token), { cart, until: now + ANSWER_LIFETIME_MS });
}

async function answeredCart(token: string): Promise<Order | null> {
  const key = await answerKey(token);
  const answer = answers.get(key);
  if (answer && answer.until > Date.now()) return answer.cart;
  answers.delete(key);
  return null;
}

/**
 * A customer's cart answers only to them: calls go with the customer's token whenever there is a
 * session, renewed when it has expired (never anonymously instead: the cart would answer 404). A call
 * that may change the cart forgets the answer remembered for it.
 */
async function orderCall<T>(method: string, path: string, body?: unknown, refresh = true): Promise<ShopAnswer<T>> {
  const token = /^orders\/([^/?]+)/.exec(path)?.[1];
  if (method !== 'GET' && token) answers.delete(await answerKey(decodeURIComponent(token)));
  return shopperCall<T>(method, path, body, { refresh });
}

/**
 * This browser's cart becomes `token`: a delivery choice remembered for another cart (an order placed
 * since, or a cart picked up from another device) no longer applies to it.
 */
function setCartToken(jar: Awaited<ReturnType<typeof cookies>>, token: string): void {
  jar.set(CART_COOKIE, token, sessionCookieOptions(storefrontConfig().siteUrl));
  jar.delete(SHIPPING_CHOICE_COOKIE);
}

/** The current cart, or null (no token, gone, or already placed). Safe while rendering (nothing written there). */
export async function getCart(): Promise<Cart | null> {
  const jar = await cookies();
  const token = jar.get(CART_COOKIE)?.value;
  if (!token) return null;
  const cart = (await answeredCart(token)) ?? (await readCart(token));
  return cart && withShopperChoice(cart, jar.get(SHIPPING_CHOICE_COOKIE)?.value);
}

async function readCart(token: string): Promise<Order | null> {
  const answer = await orderCall<Order>('GET', `orders/${encodeURIComponent(token)}`);
  return answer.status === 200 && answer.body && isStillCart(answer.body) ? answer.body : null;
}

async function postItem(token: string, variant: string): Promise<AddOutcome> {
  const answer = await orderCall<Order>('POST', `orders/${encodeURIComponent(token)}/items`, {
    productVariant: variant,
    quantity: 1,
  });
  if (answer.status === 201 && answer.body) await rememberAnswer(token, answer.body);
  return afterAdd(token, answer);
}

/**
 * Adds a part (actions only): posted to the visitor's cart at once; a cart is created (and its httpOnly
 * cookie set) only when there is none, it is gone or it was placed. One request with a cart, two
 * without; a passing failure keeps the cart token.
 */
export async function addToCart(variant: string): Promise<{ kind: 'added' } | { kind: 'refused'; code: RefusalCode }> {
  const jar = await cookies();
  // Same flags as the session: httpOnly, SameSite=Lax, Secure when the shop is served over https.
  const cookieOptions = sessionCookieOptions(storefrontConfig().siteUrl);
  const token = jar.get(CART_COOKIE)?.value;
  if (token) {
    const outcome = await postItem(token, variant);
    if (outcome.kind !== 'new-cart') return outcome;
    if (outcome.previousToken) jar.set(PREVIOUS_CART_COOKIE, outcome.previousToken, cookieOptions);
  }
  const created = await orderCall<{ tokenValue: string }>('POST', 'orders', { localeCode: 'fr_FR' });
  if (created.status !== 201 || !created.body) return { kind: 'refused', code: 'panier-indisponible' };
  setCartToken(jar, created.body.tokenValue);
  const outcome = await postItem(created.body.tokenValue, variant);
  return outcome.kind === 'new-cart' ? { kind: 'refused', code: 'panier-indisponible' } : outcome;
}

/**
 * After signing in (actions only): the cart the customer already has in the shop API, from an earlier
 * visit or another device, becomes this browser's (Sylius's PickupCart: `POST /orders` as the customer
 * answers their cart, or a new one). Parts this browser put in a cart before signing in join that cart
 * first: one cart has them all, on every device (before: the browser's cart stayed, and the account's
 * parts vanished behind it). A part that cannot join (sold, held, the cart full) stays in the visitor's
 * cart: the answer is then the refusal the cart page tells the shopper, with those parts' names.
 */
export async function pickUpCustomerCart(): Promise<RefusalCode | null> {
  const jar = await cookies();
  const current = jar.get(CART_COOKIE)?.value;
  const picked = await orderCall<Order>('POST', 'orders', { localeCode: 'fr_FR' });
  if (picked.status !== 201 || !picked.body || !isStillCart(picked.body)) return null;
  const account = picked.body.tokenValue;
  const outcomes: AddOutcome[] = [];
  if (current && current !== account) {
    // Read and emptied as the visitor it was: with the customer's token the shop API would make that cart
    // theirs too (and a later pickup could answer it instead of the one this browser now uses). Only the
    // parts move: nothing else of it (an address typed by whoever filled it) reaches the customer's cart.
    const path = `orders/${encodeURIComponent(current)}`;
    const browsers = await publicCall<Order>('GET', path);
    const items = browsers.status === 200 && browsers.body && isStillCart(browsers.body) ? browsers.body.items : [];
    for (const item of items) {
      const variant = lastSegment(item.variant);
      if (!variant) continue;
      // Taken out first: of two sign-ins at once from this browser (two tabs, two accounts), only the one
      // whose removal succeeds moves the part. One that cannot join is put back where it was (unless it
      // was sold or held meanwhile), for the cart page to name.
      if ((await publicCall('DELETE', `${path}/items/${item.id}`)).status !== 204) continue;
      const moved = await postItem(account, variant);
      outcomes.push(moved);
      if (!joined(moved)) await publicCall('POST', `${path}/items`, { productVariant: variant, quantity: 1 });
    }
  }
  if (current !== account) setCartToken(jar, account);
  const refusal = mergeRefusal(outcomes);
  // The cart they stayed in, not their names: the cart page reads them from the shop API, so a cookie
  // written by someone else can make it list catalogue parts at most, never a text of theirs.
  if (refusal && current)
    jar.set(LEFT_PARTS_COOKIE, current, {
      ...sessionCookieOptions(storefrontConfig().siteUrl),
      maxAge: LEFT_PARTS_LIFETIME_S,
    });
  else jar.delete(LEFT_PARTS_COOKIE);
  return refusal;
}

/** The names of the parts that could not join the account's cart at the last sign-in (for 15 minutes). */
export async function partsLeftAtSignIn(): Promise<string[]> {
  const token = (await cookies()).get(LEFT_PARTS_COOKIE)?.value;
  if (!token || !isShopIdentifier(token, 128)) return [];
  const left = await publicCall<Order>('GET', `orders/${encodeURIComponent(token)}`);
  return left.status === 200 && left.body && isStillCart(left.body)
    ? left.body.items.map((item) => item.productName)
    : [];
}

export { orderCall };
