/**
 * Cookie settings of the session (design §3: tokens only in httpOnly cookies) and the shop API's
 * refresh call, shared by the proxy (refresh before a guarded page) and server actions.
 */
import { AUTH_COOKIES } from './session';

export interface SessionTokens {
  token: string;
  refresh_token: string;
  customer?: string;
}

/** Refresh tokens live 30 days in the shop API: the cookies live as long. */
const SESSION_MAX_AGE = 30 * 86_400;

export function sessionCookieOptions(siteUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: siteUrl.startsWith('https://'),
    path: '/',
    maxAge: SESSION_MAX_AGE,
  };
}

/** Name/value pairs of the session cookies for `tokens`. */
export function sessionCookies(tokens: SessionTokens): [string, string][] {
  const pairs: [string, string][] = [[AUTH_COOKIES.token, tokens.token], [AUTH_COOKIES.refreshToken, tokens.refresh_token]];
  const customerId = tokens.customer?.split('/').pop();
  if (customerId) pairs.push([AUTH_COOKIES.customer, customerId]);
  return pairs;
}

/** POST /refresh-token: new tokens, or null when the refresh token is refused (the session is over). */
export async function refreshTokens(shopApiUrl: string, refreshToken: string): Promise<SessionTokens | null> {
  try {
    const response = await fetch(`${shopApiUrl}/api/v2/shop/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      signal: AbortSignal.timeout(5000),
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<SessionTokens>;
    return body.token && body.refresh_token ? (body as SessionTokens) : null;
  } catch {
    return null;
  }
}
