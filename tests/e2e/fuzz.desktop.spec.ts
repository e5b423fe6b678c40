import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DIST_DIR } from '../../playwright.config';
import { actionsOfBuild, storefrontHostileRequests } from './fuzz/storefront-hostile';

// Short form of the storefront fuzz; `npm run bench:fuzz` sends many more.
const COUNT = Number(process.env.FUZZ_STOREFRONT_REQUESTS || 600);

test('the storefront answers hostile requests to its route handlers, guarded pages and server actions without a 5xx', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const targets = {
    origin: new URL(baseURL!).origin,
    actions: actionsOfBuild(E2E_DIST_DIR),
  };
  // Every action of the shop is called, the cart's among them.
  expect(targets.actions.map((action) => action.name)).toEqual(
    expect.arrayContaining(['addToCartAction', 'removeFromCartAction', 'loginAction', 'chooseShippingAction']),
  );
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const hostile of storefrontHostileRequests(targets, COUNT)) {
    const where = `${hostile.method} ${hostile.path.slice(0, 100)} (${hostile.kind})`;
    const response = await request
      .fetch(hostile.path, {
        method: hostile.method,
        headers: hostile.headers,
        data: hostile.body,
        maxRedirects: 0,
        failOnStatusCode: false,
      })
      .catch((error: Error) => {
        // Next answers a long address ending in "/" with a 308 that repeats it in two headers, before
        // proxy.ts runs: more than this client's 16 KB of response headers (browsers take it).
        if (/Header overflow/.test(error.message) && hostile.path.length > 8_000)
          statuses.set(-308, (statuses.get(-308) ?? 0) + 1);
        else failures.push(`${where} : ${error.message.split('\n')[0]}`);
        return null;
      });
    if (!response) continue;
    statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
    if (response.status() >= 500) failures.push(`${where} → ${response.status()}`);
  }
  console.log(
    `fuzz vitrine : ${COUNT} requêtes — ${[...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  );
  expect(failures).toEqual([]);
  expect((await request.get('/api/session')).status()).toBe(200);
});

test('addresses longer than any of the shop’s are refused with 414, before anything repeats them', async ({
  request,
}) => {
  for (const path of [
    `/piece/P0000001/${'a'.repeat(3000)}`,
    `/pieces/moteur?tri=${'b'.repeat(3000)}`,
    `/compte/commandes/${'c'.repeat(3000)}`,
  ]) {
    const response = await request.get(path, { maxRedirects: 0, failOnStatusCode: false });
    expect(response.status(), path.slice(0, 30)).toBe(414);
    expect(await response.text()).toBe('Adresse trop longue.');
  }
  expect((await request.get('/mentions-legales')).status()).toBe(200);
});

const distDir = E2E_DIST_DIR;
/** Every file the shop's page cache holds on disk (Next's route cache in the end-to-end build folder). */
const cachedFiles = () => readdirSync(join(distDir, 'server', 'route-cache'), { recursive: true }).map(String);
/** The shop-API answers kept on disk (Next's fetch cache: one JSON file each, naming the URL asked). */
const keptAnswers = () =>
  readdirSync(join(distDir, 'cache', 'fetch-cache'))
    .filter((name) => name !== 'tags-manifest.json')
    .map((name) => readFileSync(join(distDir, 'cache', 'fetch-cache', name), 'utf8'));

test('made-up addresses answer 404 or a redirect and leave nothing in the page cache', async ({ page, request }) => {
  // Each address a cached page renders is kept on disk: if made-up addresses were kept, anyone could
  // fill the disk with 404s and redirects, one address at a time.
  const listing = await (await request.get('/pieces/carrosserie')).text();
  const realPath = listing.match(/href="(\/piece\/P\d{7}\/[^"]+)"/)![1]!;
  expect((await request.get(realPath)).status()).toBe(200);
  const realCode = realPath.split('/')[2]!;
  // The check below looks where the cache is: a real part's page is there.
  expect(cachedFiles().some((file) => file.includes(realCode))).toBe(true);

  const madeUp = Array.from({ length: 20 }, (_, i) => `ZZ${Date.now().toString(36)}${i}`);
  for (const code of [...madeUp, ...madeUp]) {
    const response = await request.get(`/piece/${code}/une-piece`, { maxRedirects: 0 });
    expect(response.status(), code).toBe(404);
  }
  // A real part under a made-up name is sent to its one address; the redirect is not kept either.
  const madeUpSlugs = madeUp.slice(0, 5).map((code) => code.toLowerCase());
  for (const slug of madeUpSlugs) {
    expect((await request.get(`/piece/${realCode}/${slug}`, { maxRedirects: 0 })).status()).toBe(308);
  }
  // Listings: a family no one sells and pages past the last one (the proxy turns ?page= into a path).
  const madeUpFamilies = madeUp.slice(0, 5).map((code) => `famille-${code.toLowerCase()}`);
  for (const family of madeUpFamilies) expect((await request.get(`/pieces/${family}`)).status(), family).toBe(404);
  const farPages = [9001, 9002, 9003];
  for (const n of farPages) expect((await request.get(`/pieces/moteur?page=${n}`)).status(), `page ${n}`).toBe(404);
  const files = cachedFiles();
  const names = [...madeUp, ...madeUpSlugs, ...madeUpFamilies, ...farPages.map((n) => `~${n}~`)];
  expect(files.filter((file) => names.some((name) => file.includes(name)))).toEqual([]);

  // A person still gets the shop's error page, naming the address asked for.
  const response = await page.goto(`/piece/${madeUp[0]}/une-piece`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
  await expect(page.getByText(`Page not found: /piece/${madeUp[0]}/une-piece`)).toBeVisible();
  await expect(page).toHaveTitle('Erreur 404');
});

test('searches and made-up vehicles leave no shop-API answer and no page on disk', async ({ request }) => {
  const word = `zz${Date.now().toString(36)}`;
  const search = await request.get(`/recherche?q=${word}`);
  expect(search.status()).toBe(200);
  expect(await search.text()).toContain(word);
  // The same search again is the cached page (kept in memory, as the check below shows).
  const again = await request.get(`/recherche?q=${word}`);
  expect(await again.text()).toContain(word);
  expect(again.headers()['x-nextjs-cache']).toBe('HIT');
  expect(cachedFiles().filter((file) => file.includes(word) || file.includes('recherche/~'))).toEqual([]);
  // A percent sign typed in the words is searched as typed, once.
  for (const typed of [`${word}%`, `${word}%25`]) {
    const percent = await request.get(`/recherche?q=${encodeURIComponent(typed)}`);
    expect(percent.status(), typed).toBe(200);
    expect(await percent.text()).toContain(`Recherche « ${typed} »`);
  }
  const vehicle = `piece_renault_${word}`;
  expect((await request.get(`/api/vehicles?parent=${vehicle}`)).status()).toBe(404);
  expect((await request.get(`/api/parts?vehicle=${vehicle}_moteur`)).status()).toBe(404);
  // The check looks where answers are kept: the family listing's answer is there.
  expect((await request.get('/pieces/moteur')).status()).toBe(200);
  const answers = keptAnswers();
  expect(answers.some((answer) => answer.includes('/api/v2/shop/products?'))).toBe(true);
  expect(answers.filter((answer) => answer.includes(word)).length).toBe(0);
});
