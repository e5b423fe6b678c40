import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_SHOP_API_URL, E2E_STAFF_TOKEN } from '../../playwright.config';
import { CataloguePage } from './pages/catalogue-page';

/** Records a sale the way the yard's tools do: the shop API's staff route. */
async function markSold(request: APIRequestContext, code: string, soldAt?: string) {
  const response = await request.post(`${E2E_SHOP_API_URL}/api/v2/admin/products/${code}/mark-sold`, {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: soldAt ? { soldAt } : {},
  });
  expect(response.status()).toBe(200);
}

const codesIn = (html: string) => [...html.matchAll(/href="\/piece\/(P\d{7})\//g)].map((m) => m[1]);

// Families no other journey reads, so selling their parts cannot disturb a test running alongside.
test.describe('a sold part', () => {
  test('leaves the cached listing within 5 seconds and its page stays up, marked sold out', async ({
    page,
    request,
  }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.goto('/pieces/freinage');
    const link = catalogue.partLinks().first();
    const href = (await link.getAttribute('href'))!;
    const code = href.split('/')[2]!;
    const listing = await request.get('/pieces/freinage');
    expect(codesIn(await listing.text())).toContain(code);
    expect(listing.headers()['set-cookie']).toBeUndefined();

    await markSold(request, code);
    const soldAt = Date.now();
    await expect
      .poll(async () => codesIn(await (await request.get('/pieces/freinage')).text()), {
        timeout: 5000,
        intervals: [100],
      })
      .not.toContain(code);
    const delay = Date.now() - soldAt;
    test.info().annotations.push({ type: 'gone from listing after', description: `${delay} ms` });
    process.stdout.write(`sold part gone from the cached listing after ${delay} ms\n`);

    const response = await catalogue.goto(href);
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Vendue – cette pièce n'est plus disponible")).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Cette pièce a été vendue le');
    expect((await catalogue.jsonLd('Product')).offers.availability).toBe('https://schema.org/SoldOut');
    await page
      .getByRole('status')
      .getByRole('link', { name: /Voir les autres pièces/ })
      .click();
    await expect(page).toHaveURL(/\/pieces\/freinage\/[a-z-]+$/);
  });

  test('answers 410 Gone once the sale is older than the configured days', async ({ page, request }) => {
    // The oldest exhaust part: no page of other journeys links it, so no browser prefetched its page
    // (the proxy keeps what it learnt of a part for a minute, enough for a rule counted in days).
    const oldest = (await (
      await request.get(
        `${E2E_SHOP_API_URL}/api/v2/shop/products?taxon=family_echappement&order[createdAt]=asc&itemsPerPage=1`,
        {
          headers: { accept: 'application/json' },
        },
      )
    ).json()) as { code: string; slug: string }[];
    const { code, slug } = oldest[0]!;
    const href = `/piece/${code}/${slug}`;
    await markSold(request, code, new Date(Date.now() - 40 * 86_400_000).toISOString());
    const response = await page.goto(href);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cette pièce a été vendue');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('cannot be faked through the revalidation endpoint', async ({ request }) => {
    const body = JSON.stringify({ tags: ['listings'] });
    const unsigned = await request.post('/api/revalidate', {
      data: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status()).toBe(401);
    const forged = await request.post('/api/revalidate', {
      data: body,
      headers: {
        'content-type': 'application/json',
        'x-shop-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-shop-signature': `sha256=${'0'.repeat(64)}`,
      },
    });
    expect(forged.status()).toBe(401);
  });
});
