/**
 * Authentication rule: authenticated only when the token and the refresh token both
 * exist and the token's `exp` claim is in the future. Tokens live in httpOnly cookies (docs/decisions/0004).
 */
import { decodeJwt } from 'jose';

export const AUTH_COOKIES = {
  token: 'shop_token',
  refreshToken: 'shop_refresh_token',
  customer: 'shop_customer',
  group: 'shop_customer_group',
} as const;

export const CART_COOKIE = 'shop_cart_token';
/** The delivery method the shopper chose for the cart, as its code (see `withShopperChoice`). */
export const SHIPPING_CHOICE_COOKIE = 'shop_shipping_choice';
/** What the browser keeps of its cart: they go together when the session ends. */
export const CART_COOKIES = [CART_COOKIE, SHIPPING_CHOICE_COOKIE] as const;

export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function isAuthenticated(tokens: { token?: string; refreshToken?: string }, nowMs = Date.now()): boolean {
  if (!tokens.token || !tokens.refreshToken) return false;
  const exp = tokenExpiry(tokens.token);
  return exp !== null && exp * 1000 > nowMs;
}
