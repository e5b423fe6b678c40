/**
 * Authentication rule: authenticated only when the token and the refresh token both
 * exist and the token's `exp` claim is in the future. Tokens live in httpOnly cookies (docs/decisions/0004).
 */
import { decodeJwt } from 'jose';

/**
 * A public shop (SITE_URL in https, the cookies `Secure`) names its cookies `__Host-…`: the browser then
 * takes them only from this very host over https, with no Domain and Path=/, so neither a sibling
 * domain nor a network writing over plain http can plant a session, a cart or a device token (a
 * planted session signed the shopper into a stranger's account, and what they typed at checkout was
 * the stranger's to read: decision 0028). On http (a laptop, the tests) the names stay bare.
 */
export const cookieName = (name: string, siteUrl = process.env.SITE_URL ?? '') =>
  siteUrl.startsWith('https://') ? `__Host-${name}` : name;

export const AUTH_COOKIES = {
  token: cookieName('shop_token'),
  refreshToken: cookieName('shop_refresh_token'),
  customer: cookieName('shop_customer'),
  group: cookieName('shop_customer_group'),
} as const;

export const CART_COOKIE = cookieName('shop_cart_token');
/** The delivery method the shopper chose for the cart, as its code (see `withShopperChoice`). */
export const SHIPPING_CHOICE_COOKIE = cookieName('shop_shipping_choice');
/** The cart the parts that could not join the account's cart at sign-in stayed in, for the cart page to list them. */
export const LEFT_PARTS_COOKIE = cookieName('shop_merge_left');
/**
 * "This browser signed in here before" (the shop API's device token, decision 0027): the owner's own
 * browser is not refused because of strangers' guesses. It outlives the session: signing out keeps it.
 */
export const DEVICE_COOKIE = cookieName('shop_device');
/** What the browser keeps of its cart: they go together when the session ends. */
export const CART_COOKIES = [CART_COOKIE, SHIPPING_CHOICE_COOKIE, LEFT_PARTS_COOKIE] as const;

export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in customer's id: the access token's subject when it is one (this shop API puts it there),
 * else the id kept at sign-in (Sylius's tokens name the e-mail only). A cookie edited by hand then
 * cannot point the account at another record (it answered 404, and the pages looped through sign-in).
 */
export function sessionCustomerId(token: string | undefined, kept: string | undefined): string | undefined {
  if (token) {
    try {
      const { sub } = decodeJwt(token);
      if (typeof sub === 'string' && /^\d{1,18}$/.test(sub)) return sub;
    } catch {
      // Not a JWT: the shop API will refuse it; the kept id is as good as any.
    }
  }
  return kept;
}

export function isAuthenticated(tokens: { token?: string; refreshToken?: string }, nowMs = Date.now()): boolean {
  if (!tokens.token || !tokens.refreshToken) return false;
  const exp = tokenExpiry(tokens.token);
  return exp !== null && exp * 1000 > nowMs;
}
