import 'server-only';
import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import { storefrontConfig } from '@/lib/config/server';
import { RETRY_STATUS_CODES, ShopApiError } from './errors';

/** Hydra collection as the shop API serves it with `Accept: application/ld+json`. */
export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}

/** Cache hints for Next's fetch cache: catalogue reads are tagged so webhooks can revalidate them. */
export interface CacheHint {
  tags: string[];
  revalidate: number;
}

const client = () =>
  ky.create({
    prefixUrl: `${storefrontConfig().shopApiUrl}/api/v2/shop`,
    headers: { Accept: 'application/json', 'Accept-Language': 'fr-FR' },
    timeout: 10_000,
    retry: { limit: 2, statusCodes: RETRY_STATUS_CODES, backoffLimit: 2_000 },
  });

/** GET from the shop API; `ld` asks for JSON-LD (collections keep their hydra envelope). */
export async function shopGet<T>(
  path: string,
  options: { searchParams?: Options['searchParams']; ld?: boolean; cache?: CacheHint } = {},
): Promise<T> {
  try {
    return await client()
      .get(path, {
        searchParams: options.searchParams,
        headers: options.ld ? { Accept: 'application/ld+json' } : undefined,
        ...(options.cache
          ? { next: { tags: options.cache.tags, revalidate: options.cache.revalidate } }
          : { cache: 'no-store' }),
      } as Options)
      .json<T>();
  } catch (error) {
    throw toShopApiError(error, path);
  }
}

function toShopApiError(error: unknown, path: string): ShopApiError {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const kind = status === 404 ? 'not-found' : status >= 500 ? 'server' : 'client';
    return new ShopApiError(kind, status, `GET ${path} answered ${status}`);
  }
  if (error instanceof TimeoutError) return new ShopApiError('network', null, `GET ${path} timed out`);
  return new ShopApiError('network', null, `GET ${path} failed: ${(error as Error).message}`);
}
