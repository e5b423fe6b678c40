import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeReference, normalizeText } from '../src/domain/text.js';
import { BACKENDS, PUBLIC_URL, startTestShop, type TestShop } from './helpers/backends.js';
import type { Json } from './helpers/call.js';

const API = '/api/v2/shop';

describe.each(BACKENDS)('catalogue endpoints on %s', (backend) => {
  let shop: TestShop;
  const get = async (url: string, accept = 'application/ld+json') => {
    const response = await shop.app.inject({ method: 'GET', url, headers: { accept } });
    return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
  };

  beforeAll(async () => {
    shop = await startTestShop(backend);
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe('taxons', () => {
    it('lists the families of the menu taxon with their children as IRIs', async () => {
      const { status, body } = await get(`${API}/taxons`);
      expect(status).toBe(200);
      expect(body['@type']).toBe('hydra:Collection');
      expect(body['@context']).toBe('/api/v2/contexts/Taxon');
      const members = body['hydra:member'] as Json[];
      expect(members.length).toBeGreaterThanOrEqual(13);
      expect(body['hydra:totalItems']).toBe(members.length);
      expect(members.every((m) => m.code.startsWith('family_'))).toBe(true);
      const engine = members.find((m) => m.code === 'family_moteur')!;
      expect(engine['@id']).toBe(`${API}/taxons/family_moteur`);
      expect(engine['@type']).toBe('Taxon');
      expect(engine['@context']).toBeUndefined();
      expect(engine.children.length).toBeGreaterThan(0);
      expect(engine.children.every((iri: string) => iri.startsWith(`${API}/taxons/family_moteur_`))).toBe(true);
      const gearbox = members.find((m) => m.code === 'family_bv-pont-transmission')!;
      expect(gearbox.children).toContain(`${API}/taxons/family_bv-pont-transmission_boite-de-vitesse`);
    });

    it('lists the models of a brand and the engines of a model with parentCode', async () => {
      const models = (await get(`${API}/taxons?parentCode=piece_renault`, 'application/json'))
        .body as unknown as Json[];
      expect(Array.isArray(models)).toBe(true);
      expect(models.map((m) => m.name)).toContain('Clio IV');
      expect(models[0]!['@id']).toBeUndefined();
      const engines = (await get(`${API}/taxons?parentCode=piece_renault_clio-iv`, 'application/json'))
        .body as unknown as Json[];
      expect(engines.map((e) => e.name)).toEqual(['1.5 dCi 90', '0.9 TCe 90', '1.2 16V 75']);
      expect(engines[0]!.code).toBe('piece_renault_clio-iv_1-5-dci-90');
    });

    it('lists at least 15 vehicle brands', async () => {
      const { body } = await get(`${API}/taxons?parentCode=vehicle`);
      expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(15);
      expect(body['hydra:member'].every((m: Json) => m.code.startsWith('piece_'))).toBe(true);
      expect(body['hydra:view']['@id']).toBe(`${API}/taxons?parentCode=vehicle`);
    });

    it('gives every refusal a code: its catalogue’s, or http.<status> for one no client tells apart', async () => {
      const refusals = [
        await shop.app.inject({ method: 'GET', url: '/api/v2/nowhere' }),
        await shop.app.inject({
          method: 'POST',
          url: `${API}/orders`,
          headers: { 'content-type': 'application/json' },
          payload: '{not json',
        }),
        await shop.app.inject({ method: 'GET', url: `${API}/customers/reset-password/inconnu` }),
      ];
      expect(refusals.map((answer) => [answer.statusCode, answer.json().code])).toEqual([
        [404, 'http.404'],
        [400, 'http.400'],
        [404, 'account.expiredResetLink'],
      ]);
    });

    it('answers an empty list for an unknown parent and 404 for an unknown taxon', async () => {
      expect((await get(`${API}/taxons?parentCode=nope`)).body['hydra:totalItems']).toBe(0);
      const { status, body } = await get(`${API}/taxons/nope`);
      expect(status).toBe(404);
      expect(body).toEqual({
        '@context': '/api/v2/contexts/Error',
        '@type': 'hydra:Error',
        'hydra:title': 'An error occurred',
        'hydra:description': 'Not Found',
        code: 'http.404',
      });
    });

    it('shows one taxon with its children', async () => {
      const { status, body } = await get(`${API}/taxons/family_moteur`);
      expect(status).toBe(200);
      expect(body['@context']).toBe('/api/v2/contexts/Taxon');
      expect(body).toMatchObject({ code: 'family_moteur', name: 'Moteur', slug: 'moteur' });
    });
  });

  describe('products', () => {
    it('pages with hydra:view as API Platform does', async () => {
      const { body } = await get(`${API}/products?itemsPerPage=10&page=2`);
      expect(body['hydra:totalItems']).toBe(300);
      expect(body['hydra:member']).toHaveLength(10);
      expect(body['hydra:view']).toEqual({
        '@id': `${API}/products?itemsPerPage=10&page=2`,
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': `${API}/products?itemsPerPage=10&page=1`,
        'hydra:last': `${API}/products?itemsPerPage=10&page=30`,
        'hydra:previous': `${API}/products?itemsPerPage=10&page=1`,
        'hydra:next': `${API}/products?itemsPerPage=10&page=3`,
      });
      const first = await get(`${API}/products?itemsPerPage=10`);
      expect(first.body['hydra:view']['hydra:previous']).toBeUndefined();
      const last = await get(`${API}/products?itemsPerPage=10&page=30`);
      expect(last.body['hydra:view']['hydra:next']).toBeUndefined();
      expect((await get(`${API}/products`)).body['hydra:member']).toHaveLength(30);
    });

    it('encodes brackets of filters in view IRIs and puts page last', async () => {
      const { body } = await get(`${API}/products?page=2&order%5Bprice%5D=asc&itemsPerPage=5`);
      expect(body['hydra:view']['@id']).toBe(`${API}/products?order%5Bprice%5D=asc&itemsPerPage=5&page=2`);
    });

    it('serialises a part with the Sylius product shape and the yard facts', async () => {
      const { body } = await get(`${API}/products?itemsPerPage=1`);
      const product = body['hydra:member'][0] as Json;
      expect(product['@type']).toBe('Product');
      expect(product['@id']).toBe(`${API}/products/${product.code}`);
      expect(product.mainTaxon).toMatch(new RegExp(`^${API}/taxons/family_`));
      expect(product.defaultVariant).toBe(`${API}/product-variants/${product.code}`);
      expect(product.variants).toEqual([product.defaultVariant]);
      expect(Number.isInteger(product.defaultVariantData.price)).toBe(true);
      expect(product.defaultVariantData.inStock).toBe(true);
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      expect(product.images[0].path).toBe(`${PUBLIC_URL}/media/image/parts/${product.code}-1.webp`);
      expect(product.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(product.oemReference).toBeTruthy();
      expect(['A', 'B', 'C']).toContain(product.grade);
      expect(product.warrantyMonths).toBeGreaterThan(0);
      expect(product.weight).toBeGreaterThan(0);
      expect(product.donorVehicle.fullName).toContain(product.donorVehicle.brand.name);
      expect(product.donorVehicle.mileage).toBeGreaterThan(0);
      expect(product.compatibleEngines.map((e: Json) => e.code)).toContain(product.donorVehicle.code);
    });

    it('filters by taxon including sub-taxons, by code or IRI', async () => {
      const byCode = await get(`${API}/products?taxon=family_moteur&itemsPerPage=100`);
      const byIri = await get(
        `${API}/products?taxon=${encodeURIComponent(`${API}/taxons/family_moteur`)}&itemsPerPage=100`,
      );
      expect(byCode.body['hydra:totalItems']).toBeGreaterThan(0);
      expect(byIri.body['hydra:totalItems']).toBe(byCode.body['hydra:totalItems']);
      expect(
        byCode.body['hydra:member'].every((p: Json) => p.mainTaxon.startsWith(`${API}/taxons/family_moteur_`)),
      ).toBe(true);
      const sub = await get(`${API}/products?taxon=family_moteur_turbo&itemsPerPage=100`);
      expect(sub.body['hydra:totalItems']).toBeLessThan(byCode.body['hydra:totalItems']);
      expect(sub.body['hydra:member'].every((p: Json) => p.mainTaxon === `${API}/taxons/family_moteur_turbo`)).toBe(
        true,
      );
      const exact = await get(`${API}/products?productTaxons.taxon.code=family_moteur`);
      expect(exact.body['hydra:totalItems']).toBe(0); // parts sit in sub-families, not directly in the family
      const unknown = await get(`${API}/products?taxon=family_nope`);
      expect(unknown.body['hydra:totalItems']).toBe(0);
    });

    it('filters by vehicle engine, model or brand', async () => {
      const { body: sample } = await get(`${API}/products?itemsPerPage=1`);
      const engine = sample['hydra:member'][0].donorVehicle.code as string;
      const byEngine = await get(`${API}/products?vehicle=${engine}&itemsPerPage=100`);
      expect(byEngine.body['hydra:totalItems']).toBeGreaterThan(0);
      for (const product of byEngine.body['hydra:member']) {
        expect(product.compatibleEngines.map((e: Json) => e.code)).toContain(engine);
      }
      const brand = sample['hydra:member'][0].donorVehicle.brand.code as string;
      const byBrand = await get(`${API}/products?vehicle=${brand}&itemsPerPage=100`);
      expect(byBrand.body['hydra:totalItems']).toBeGreaterThanOrEqual(byEngine.body['hydra:totalItems']);
      const both = await get(
        `${API}/products?vehicle=${engine}&taxon=${sample['hydra:member'][0].mainTaxon.split('/').pop()}`,
      );
      expect(both.body['hydra:member'].map((p: Json) => p.code)).toContain(sample['hydra:member'][0].code);
    });

    it('finds a part by its OEM reference whatever the spacing and case, and by accent-free words', async () => {
      const { body: sample } = await get(`${API}/products?itemsPerPage=1`);
      const product = sample['hydra:member'][0] as Json;
      const compact = normalizeReference(product.oemReference).toLowerCase();
      const spaced = compact.replace(/(.{3})/g, '$1 ').trim();
      for (const query of [product.oemReference, compact, spaced]) {
        const { body } = await get(`${API}/products?search=${encodeURIComponent(query)}`);
        expect(body['hydra:member'].map((p: Json) => p.code)).toContain(product.code);
      }
      const words = normalizeText(product.name).split(' ').slice(0, 2).join(' ').toUpperCase();
      const { body } = await get(`${API}/products?search=${encodeURIComponent(words)}&itemsPerPage=100`);
      expect(body['hydra:totalItems']).toBeGreaterThan(0);
      expect(
        body['hydra:member'].every((p: Json) => normalizeText(p.name).includes(words.toLowerCase().split(' ')[0]!)),
      ).toBe(true);
      const none = await get(`${API}/products?search=${encodeURIComponent('%_\\')}`);
      expect(none.status).toBe(200);
      expect(none.body['hydra:totalItems']).toBe(0);
    });

    it('sorts by price and by creation date', async () => {
      const asc = (await get(`${API}/products?order%5Bprice%5D=asc&itemsPerPage=50`)).body['hydra:member'] as Json[];
      const prices = asc.map((p) => p.defaultVariantData.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const desc = (await get(`${API}/products?order%5Bprice%5D=desc&itemsPerPage=1`)).body['hydra:member'] as Json[];
      expect(desc[0]!.defaultVariantData.price).toBeGreaterThanOrEqual(Math.max(...prices));
      const newest = (await get(`${API}/products?order%5BcreatedAt%5D=desc&itemsPerPage=20`)).body[
        'hydra:member'
      ] as Json[];
      const dates = newest.map((p) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('shows one part, its variant and its taxon link; unknown ones are 404', async () => {
      const { body: sample } = await get(`${API}/products?itemsPerPage=1`);
      const code = sample['hydra:member'][0].code;
      const product = await get(`${API}/products/${code}`);
      expect(product.status).toBe(200);
      expect(product.body['@context']).toBe('/api/v2/contexts/Product');
      const variant = await get(`${API}/product-variants/${code}`);
      expect(variant.body).toMatchObject({
        '@type': 'ProductVariant',
        code,
        product: `${API}/products/${code}`,
        inStock: true,
      });
      expect(variant.body.price).toBe(product.body.defaultVariantData.price);
      const link = await get(product.body.productTaxons[0]);
      expect(link.body).toMatchObject({
        '@type': 'ProductTaxon',
        product: `${API}/products/${code}`,
        taxon: product.body.mainTaxon,
      });
      expect((await get(`${API}/products/P9999999`)).status).toBe(404);
      expect((await get(`${API}/product-variants/P9999999`)).status).toBe(404);
    });

    it('answers plain JSON arrays to Accept: application/json', async () => {
      const response = await shop.app.inject({
        method: 'GET',
        url: `${API}/products?itemsPerPage=2`,
        headers: { accept: 'application/json' },
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as Json[];
      expect(body).toHaveLength(2);
      expect(body[0]!['@id']).toBeUndefined();
      expect(body[0]!.code).toBeTruthy();
    });
  });

  describe('product index (sitemaps)', () => {
    it('lists every part with its slug and update date, 50 000 a page', async () => {
      const { body } = await get(`${API}/products-index`);
      expect(body['hydra:totalItems']).toBe(300);
      expect(body['hydra:member']).toHaveLength(300);
      expect(body['hydra:member'][0]).toMatchObject({ code: 'P0000001', slug: expect.stringMatching(/-p0000001$/) });
      expect(body['hydra:member'][0].updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await get(`${API}/products-index?page=2`)).body['hydra:member']).toEqual([]);
      expect((await get(`${API}/products-index?page=0`)).status).toBe(400);
    });

    it('pages of a smaller size cover every part once, in a stable order (200 000 parts: four files)', async () => {
      const all = (await get(`${API}/products-index`)).body['hydra:member'].map((entry: Json) => entry.code);
      const pages = await Promise.all(
        [1, 2, 3, 4].map(async (page) => (await get(`${API}/products-index?itemsPerPage=100&page=${page}`)).body),
      );
      expect(pages.map((body) => body['hydra:member'].length)).toEqual([100, 100, 100, 0]);
      expect(pages[0]!['hydra:view']['hydra:last']).toBe(`${API}/products-index?itemsPerPage=100&page=3`);
      expect(pages.flatMap((body) => body['hydra:member'].map((entry: Json) => entry.code))).toEqual(all);
      expect((await get(`${API}/products-index?itemsPerPage=50001`)).status).toBe(400);
    });
  });

  describe('images', () => {
    it('serves the ProductImage resource and a generated WebP photo, cached for a year', async () => {
      const { body: sample } = await get(`${API}/products?itemsPerPage=1`);
      const image = sample['hydra:member'][0].images[0] as Json;
      const resource = await get(image['@id']);
      expect(resource.body).toMatchObject({ '@type': 'ProductImage', path: image.path });
      const file = await shop.app.inject({ method: 'GET', url: image.path.replace(PUBLIC_URL, '') });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('immutable');
      expect(file.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      const again = await shop.app.inject({ method: 'GET', url: image.path.replace(PUBLIC_URL, '') });
      expect(again.rawPayload.equals(file.rawPayload)).toBe(true);
    });

    it('refuses unknown or malformed image names', async () => {
      for (const name of ['P9999999-1.webp', '..%2F..%2Fetc%2Fpasswd', 'P0000001-1.png', 'P0000001-0.webp']) {
        expect((await shop.app.inject({ method: 'GET', url: `/media/image/parts/${name}` })).statusCode).toBe(404);
      }
    });
  });

  describe('countries, shipping methods, channel', () => {
    it('lists countries named in French, France first among them', async () => {
      const { body } = await get(`${API}/countries`);
      const france = body['hydra:member'].find((c: Json) => c.code === 'FR');
      expect(france).toMatchObject({ '@id': `${API}/countries/FR`, '@type': 'Country', name: 'France' });
      expect((await get(`${API}/countries/fr`)).body.name).toBe('France');
      expect((await get(`${API}/countries/ZZ`)).status).toBe(404);
    });

    it('lists pickup, parcel and freight shipping methods', async () => {
      const { body } = await get(`${API}/shipping-methods`);
      expect(body['hydra:member'].map((m: Json) => m.code)).toEqual(['retrait_casse', 'colis', 'messagerie']);
      expect(body['hydra:member'][1].maxWeight).toBe(30);
      expect((await get(`${API}/shipping-methods/colis`)).body.name).toBe('Colis à domicile');
    });

    it('tells the channel currency and locale', async () => {
      const { body } = await get(`${API}/channels/WEB`);
      expect(body.baseCurrency.code).toBe('EUR');
      expect(body.defaultLocale.code).toBe('fr_FR');
      // The yard's extension: payments open on the sandbox, this server's own page, for no money.
      expect(body.paymentProvider).toEqual({
        label: 'démonstration, aucun paiement réel',
        realMoney: false,
        checkoutOrigins: [new URL(PUBLIC_URL).origin],
      });
    });
  });

  describe('bad input never gives a 500', () => {
    it.each([
      [`${API}/products?page=0`, 400],
      [`${API}/products?page=-3`, 400],
      [`${API}/products?page=abc`, 400],
      [`${API}/products?itemsPerPage=0`, 400],
      [`${API}/products?itemsPerPage=101`, 400],
      [`${API}/products?itemsPerPage=1e309`, 400],
      [`${API}/products?order%5Bprice%5D=sideways`, 400],
      [`${API}/products?search=${'x'.repeat(500)}`, 400],
      [`${API}/products?taxon=${encodeURIComponent("' OR 1=1 --")}`, 200],
      [`${API}/products?search=${encodeURIComponent("'; DROP TABLE products; --")}`, 200],
      [`${API}/products?vehicle=%F0%9F%9A%97`, 200],
      [`${API}/product-images/99999999999999`, 400],
      [`${API}/product-images/4294967296`, 404],
      [`${API}/product-images/1e309`, 400],
      [`${API}/product-taxons/abc`, 400],
      [`${API}/unknown-resource`, 404],
      [`${API}/products/${'%00'}`, 400],
    ])('GET %s → %i', async (url, status) => {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      const body = response.json() as Json;
      if (status >= 400) {
        expect(body['@type']).toBe('hydra:Error');
        expect(typeof body['hydra:description']).toBe('string');
      }
    });

    it.each([
      [
        `${API}/customers`,
        { firstName: 'Léa', lastName: 'Martin', email: 'nul\u0000x@exemple.fr', password: 'assez-long-2026' },
      ],
      [`${API}/authentication-token`, { email: 'nul\u0000x@exemple.fr', password: 'assez-long-2026' }],
      [`${API}/customers/reset-password`, { email: 'nul@exemple.fr', extra: { ['cl\u00e9\u0000']: 1 } }],
      [`${API}/orders`, { localeCode: ['fr_FR', 'x\u0000'] }],
    ])('POST %s with a NUL character in its body → 400 in French, never a 500', async (url, payload) => {
      const response = await shop.app.inject({ method: 'POST', url, payload });
      expect([response.statusCode, response.json()['hydra:description']]).toEqual([
        400,
        'Requête invalide : caractère nul.',
      ]);
    });

    it('still lists every part after hostile queries', async () => {
      expect((await get(`${API}/products?itemsPerPage=1`)).body['hydra:totalItems']).toBe(300);
    });
  });
});
