/**
 * The page cache the storefront instances share in Redis (REDIS_URL; decision 0036): what one instance
 * keeps is in Redis for the others, a tag expired by one is expired in Redis, and the local limits hold
 * (no 404 or redirect kept, searches never leave the process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_ONLY_TAG } from '@/lib/cache/memory-only-tag.mjs';
import { startRedis } from '../../shop-api/tests/helpers/redis';

const distDir = mkdtempSync(join(tmpdir(), 'shared-page-cache-'));
let redisServer: Awaited<ReturnType<typeof startRedis>>;
let redis: ReturnType<typeof createClient>;
let Handler: typeof import('@/lib/cache/shared-page-cache-handler.mjs').default;
let KEY_PREFIX: string;

beforeAll(async () => {
  redisServer = await startRedis();
  process.env.REDIS_URL = redisServer.url;
  ({ default: Handler, KEY_PREFIX } = await import('@/lib/cache/shared-page-cache-handler.mjs'));
  redis = createClient({ url: redisServer.url });
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
  await redisServer?.stop();
  delete process.env.REDIS_URL;
  rmSync(distDir, { recursive: true, force: true });
});

/** A handler as Next makes one for a request. */
const handler = () => new Handler({ serverDistDir: join(distDir, 'server'), dev: false });
const page = (tags: string, status?: number) => ({
  kind: 'APP_PAGE',
  html: '<p>pièce</p>',
  rscData: Buffer.from('0:{}'),
  headers: { 'x-next-cache-tags': tags },
  status,
  postponed: undefined,
  segmentData: undefined,
});
const pageCtx = { isRoutePPREnabled: false, isFallback: false, cacheControl: { revalidate: 300, expire: 31_536_000 } };
const readCtx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false, softTags: [] };
const answer = (body: string) => ({
  kind: 'FETCH',
  data: { headers: {}, body: Buffer.from(body).toString('base64'), status: 200, url: 'http://shop/api' },
  revalidate: 300,
});
const inRedis = async (key: string) => (await redis.exists(`${KEY_PREFIX}${key}`)) === 1;

describe('page cache shared in Redis', () => {
  it('keeps a page in Redis, where another instance reads it; never a 404 or a redirect', async () => {
    await handler().set('/pieces/moteur', page('_N_T_/layout,listings'), pageCtx);
    expect(await inRedis('/pieces/moteur')).toBe(true);
    const read = await handler().get('/pieces/moteur', readCtx);
    expect(read?.value).toMatchObject({ kind: 'APP_PAGE', html: '<p>pièce</p>' });
    await handler().set('/piece/INVENTE/jante', page('_N_T_/layout', 404), pageCtx);
    await handler().set('/piece/P0000001/mauvais-nom', page('_N_T_/layout', 308), pageCtx);
    expect(await inRedis('/piece/INVENTE/jante')).toBe(false);
    expect(await inRedis('/piece/P0000001/mauvais-nom')).toBe(false);
  });

  it('expires a tag for every instance: the entries it names leave Redis', async () => {
    await handler().set('/pieces/freins', page('_N_T_/layout,part:P0000002'), pageCtx);
    await handler().set('/pieces/vitrage', page('_N_T_/layout,part:P0000003'), pageCtx);
    await handler().revalidateTag('part:P0000002');
    expect(await inRedis('/pieces/freins')).toBe(false);
    expect(await handler().get('/pieces/freins', readCtx)).toBeNull();
    expect(await inRedis('/pieces/vitrage')).toBe(true);
  });

  it('keeps searches (answers and pages) in this process only: what visitors type never reaches Redis', async () => {
    await handler().set('search-key', answer('{"recherche":1}'), { fetchCache: true, tags: [MEMORY_ONLY_TAG] });
    await handler().set('/recherche/~1~phare', page(`_N_T_/layout,listings,${MEMORY_ONLY_TAG}`), pageCtx);
    expect(await inRedis('search-key')).toBe(false);
    expect(await inRedis('/recherche/~1~phare')).toBe(false);
    expect((await redis.keys(`${KEY_PREFIX}*recherche*`)).length).toBe(0);
    const kept = await handler().get('/recherche/~1~phare', readCtx);
    expect(kept?.value).toMatchObject({ kind: 'APP_PAGE' });
  });
});
