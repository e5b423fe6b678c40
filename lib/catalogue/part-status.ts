/**
 * Sale dates of parts as the proxy needs them to answer 410 for long-sold parts before the cached
 * page is served. One shop-API call per part and minute at most; any failure lets the page decide.
 */
import { fromShopDate } from './parts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;
const known = new Map<string, { soldAt: string | null; until: number }>();

/** The part's sale date (ISO), null when for sale, undefined when unknown or unreachable. */
export async function partSoldAt(code: string, shopApiUrl: string): Promise<string | null | undefined> {
  const cached = known.get(code);
  if (cached && cached.until > Date.now()) return cached.soldAt;
  try {
    const response = await fetch(`${shopApiUrl}/api/v2/shop/products/${encodeURIComponent(code)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(2000),
      cache: 'no-store',
    });
    if (!response.ok) return undefined;
    const soldAt = fromShopDate(((await response.json()) as { soldAt?: string | null }).soldAt);
    if (known.size >= MAX_ENTRIES) known.clear();
    known.set(code, { soldAt, until: Date.now() + TTL_MS });
    return soldAt;
  } catch {
    return undefined;
  }
}
