import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods.js';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY_ONLY_TAG } from '@/lib/cache/memory-only-tag.mjs';
import PageCacheHandler, { isFoundNothing, MAX_MEMORY_ONLY_ENTRIES } from '@/lib/cache/page-cache-handler.mjs';

// The handler on a real folder, as Next builds it for each request (flushing to disk, with memory).
const distDir = mkdtempSync(join(tmpdir(), 'page-cache-'));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));
const handler = () =>
  new PageCacheHandler({
    fs: nodeFs,
    serverDistDir: join(distDir, 'server'),
    flushToDisk: true,
    maxMemoryCacheSize: 10_000_000,
    revalidatedTags: [],
  });
const filesOnDisk = () =>
  readdirSync(distDir, { recursive: true })
    .map(String)
    .filter((name) => /\.(html|meta|rsc|json)$|fetch-cache\/[^/]+$/.test(name));

const page = (status?: number) => ({
  kind: 'APP_PAGE',
  html: '<p>pièce</p>',
  rscData: Buffer.from('0:{}'),
  headers: {},
  status,
  postponed: undefined,
  segmentData: undefined,
});
const pageCtx = { isRoutePPREnabled: false, isFallback: false, cacheControl: { revalidate: 300, expire: 31_536_000 } };
const answer = (body: string) => ({
  kind: 'FETCH',
  data: { headers: {}, body: Buffer.from(body).toString('base64'), status: 200, url: 'http://shop/api' },
  revalidate: 300,
});

describe('page cache handler', () => {
  it('tells renders that found nothing from pages', () => {
    expect(isFoundNothing(page(404))).toBe(true);
    expect(isFoundNothing(page(308))).toBe(true);
    expect(isFoundNothing({ kind: 'APP_ROUTE', body: Buffer.from(''), headers: {}, status: 404 })).toBe(true);
    expect(isFoundNothing(page())).toBe(false);
    expect(isFoundNothing(page(200))).toBe(false);
    expect(isFoundNothing(answer('{}'))).toBe(false);
    expect(isFoundNothing(null)).toBe(false);
  });

  it('keeps pages on disk, but not a 404 or a redirect', async () => {
    await handler().set('/piece/P0000001/jante', page(), pageCtx);
    const kept = filesOnDisk();
    expect(kept.some((name) => name.endsWith('jante.html'))).toBe(true);
    await handler().set('/piece/INVENTE/jante', page(404), pageCtx);
    await handler().set('/piece/P0000001/mauvais-nom', page(308), pageCtx);
    expect(filesOnDisk()).toEqual(kept);
    expect(
      await handler().get('/piece/INVENTE/jante', { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false }),
    ).toBeNull();
  });

  it('keeps tagged answers in memory only, others on disk too', async () => {
    const before = filesOnDisk();
    await handler().set('listing-key', answer('{"liste":1}'), { fetchCache: true, tags: ['listings'] });
    const withListing = filesOnDisk();
    expect(withListing.length).toBe(before.length + 1);
    await handler().set('search-key', answer('{"recherche":1}'), {
      fetchCache: true,
      tags: ['listings', MEMORY_ONLY_TAG],
    });
    expect(filesOnDisk()).toEqual(withListing);
    // Served from memory, by any later request's handler.
    const kept = await handler().get('search-key', {
      kind: 'FETCH',
      tags: ['listings', MEMORY_ONLY_TAG],
      softTags: [],
    });
    expect(kept?.value).toMatchObject({
      kind: 'FETCH',
      data: { body: Buffer.from('{"recherche":1}').toString('base64') },
    });
    // The switch is put back: the same handler still writes what is not tagged.
    const same = handler();
    await same.set('search-2', answer('{}'), { fetchCache: true, tags: [MEMORY_ONLY_TAG] });
    await same.set('listing-2', answer('{}'), { fetchCache: true, tags: ['listings'] });
    expect(filesOnDisk().length).toBe(withListing.length + 1);
  });

  it('keeps a page built from memory-only answers (a search) in memory only, a listing page on disk', async () => {
    const tagged = (tags: string) => ({ ...page(), headers: { 'x-next-cache-tags': tags } });
    const before = filesOnDisk();
    await handler().set('/recherche/~1~phare', tagged(`_N_T_/layout,listings,${MEMORY_ONLY_TAG}`), pageCtx);
    expect(filesOnDisk()).toEqual(before);
    const kept = await handler().get('/recherche/~1~phare', {
      kind: 'APP_PAGE',
      isRoutePPREnabled: false,
      isFallback: false,
    });
    expect(kept?.value).toMatchObject({ kind: 'APP_PAGE', html: '<p>pièce</p>' });
    await handler().set('/pieces/moteur', tagged('_N_T_/layout,listings'), pageCtx);
    expect(filesOnDisk().some((name) => name.endsWith('moteur.html'))).toBe(true);
  });

  it('keeps only the latest searches in memory, whatever their number, and no other page is pushed out', async () => {
    const fetchCtx = { kind: 'FETCH', tags: [MEMORY_ONLY_TAG], softTags: [] };
    await handler().set('/pieces/freins', page(), pageCtx);
    const searches = Array.from({ length: MAX_MEMORY_ONLY_ENTRIES + 50 }, (_, i) => `search-storm-${i}`);
    for (const key of searches)
      await handler().set(key, answer(`{"n":"${key}"}`), { fetchCache: true, tags: [MEMORY_ONLY_TAG] });
    const kept = await Promise.all(searches.map(async (key) => (await handler().get(key, fetchCtx)) !== null));
    expect(kept.slice(0, 50).some(Boolean)).toBe(false);
    expect(kept.slice(50).every(Boolean)).toBe(true);
    // A search seen again counts as the latest.
    await handler().set(searches[50]!, answer('{}'), { fetchCache: true, tags: [MEMORY_ONLY_TAG] });
    await handler().set('search-storm-new', answer('{}'), { fetchCache: true, tags: [MEMORY_ONLY_TAG] });
    expect(await handler().get(searches[50]!, fetchCtx)).not.toBeNull();
    expect(await handler().get(searches[51]!, fetchCtx)).toBeNull();
    expect(
      await handler().get('/pieces/freins', { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false }),
    ).not.toBeNull();
  });
});
