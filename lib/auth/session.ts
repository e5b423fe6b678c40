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
