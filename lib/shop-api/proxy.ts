/**
 * The shop-API calls of proxy.ts, which runs before every page: no `server-only`, no `next/headers`
 * (the proxy is bundled apart), never cached, and a short budget so a slow shop API delays a page by
 * two seconds at most before the page decides for itself. Through the one transport (decision 0013).
 */
import { shopFetch, type ShopAnswer } from './transport';

const PROXY_BUDGET_MS = 2_000;

/**
 * A read the proxy needs before serving a page (a part's status, the checkout's cart), with the
 * access token the request carries (the proxy renewed it first). Undefined when the shop API did
 * not answer: the page decides.
 */
export async function proxyRead<T>(path: string, token?: string): Promise<ShopAnswer<T> | undefined> {
  try {
    return await shopFetch<T>({
      path,
      timeoutMs: PROXY_BUDGET_MS,
      // The proxy renewed the session already: a refused token is the page's to handle.
      session: token ? { token, renew: async () => undefined, reset: async () => {} } : undefined,
    });
  } catch {
    return undefined;
  }
}
