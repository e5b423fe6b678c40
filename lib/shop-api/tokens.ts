/**
 * The token refresh call (`POST /refresh-token`), used by the proxy and by server code through
 * lib/auth/refresh.ts (which makes it once per refresh token at a time). No `server-only`: the proxy
 * bundles it. Through the one transport (decision 0013): a POST, so never retried after an answer.
 */
import type { SessionTokens } from '@/lib/auth/tokens';
import { REFRESH_PATH, shopFetch, type ShopAnswer } from './transport';

const REFRESH_BUDGET_MS = 5_000;

/** The shop API's answer to the refresh token; undefined when it did not answer. */
export async function refreshTokens(refreshToken: string): Promise<ShopAnswer<Partial<SessionTokens>> | undefined> {
  try {
    return await shopFetch<Partial<SessionTokens>>({
      method: 'POST',
      path: REFRESH_PATH,
      body: { refresh_token: refreshToken },
      timeoutMs: REFRESH_BUDGET_MS,
    });
  } catch {
    return undefined;
  }
}
