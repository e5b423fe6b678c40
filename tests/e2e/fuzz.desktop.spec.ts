import { expect, test } from '@playwright/test';
import { storefrontHostileRequests } from './fuzz/storefront-hostile';

// Short form of the storefront fuzz (issue 6, point 4); `npm run bench:fuzz` sends many more.
const COUNT = Number(process.env.FUZZ_STOREFRONT_REQUESTS || 600);

test('the storefront answers hostile requests to its route handlers, guarded pages and server actions without a 5xx', async ({ request }) => {
  test.setTimeout(240_000);
  const listing = await (await request.get('/pieces/jantes-pneus')).text();
  const partPath = listing.match(/href="(\/piece\/P\d{7}\/[^"]+)"/)![1]!;
  const action = (html: string) => html.match(/name="(\$ACTION_ID_[0-9a-f]+)"/)?.[1] ?? null;
  const targets = {
    partPath,
    addAction: action(await (await request.get(partPath)).text()),
    removeAction: null,
    signInAction: null,
  };
  expect(targets.addAction).not.toBeNull();
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const hostile of storefrontHostileRequests(targets, COUNT)) {
    const where = `${hostile.method} ${hostile.path.slice(0, 100)} (${hostile.kind})`;
    const response = await request.fetch(hostile.path, { method: hostile.method, headers: hostile.headers, data: hostile.body, maxRedirects: 0, failOnStatusCode: false })
      .catch((error: Error) => { failures.push(`${where} : ${error.message.split('\n')[0]}`); return null; });
    if (!response) continue;
    statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
    if (response.status() >= 500) failures.push(`${where} → ${response.status()}`);
  }
  console.log(`fuzz vitrine : ${COUNT} requêtes — ${[...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
  expect(failures).toEqual([]);
  expect((await request.get('/api/session')).status()).toBe(200);
});

test('addresses longer than any of the shop’s are refused with 414, before anything repeats them', async ({ request }) => {
  for (const path of [`/piece/P0000001/${'a'.repeat(3000)}`, `/pieces/moteur?tri=${'b'.repeat(3000)}`, `/compte/commandes/${'c'.repeat(3000)}`]) {
    const response = await request.get(path, { maxRedirects: 0, failOnStatusCode: false });
    expect(response.status(), path.slice(0, 30)).toBe(414);
    expect(await response.text()).toBe('Adresse trop longue.');
  }
  expect((await request.get('/mentions-legales')).status()).toBe(200);
});
