import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { startTestShop, type TestShop } from './helpers/backends.js';

const SITE = 'https://boutique.example.fr';

describe('security headers, CORS and body limits of the shop API', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop('pglite', 5, { siteUrl: SITE });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('sends the hardening headers on every answer, errors included', async () => {
    for (const url of ['/api/v2/shop/taxons', '/api/v2/shop/orders/nope', '/nulle-part']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`form-action 'self' ${SITE}`);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src/);
      // Served over http in this test: no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when it is served over https', async () => {
    const app = await buildApp({
      db: shop.database.db,
      publicUrl: 'https://api.boutique.example.fr',
      mediaDir: shop.mediaDir,
      siteUrl: SITE,
    });
    const response = await app.inject({ method: 'GET', url: '/api/v2/shop/taxons' });
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    await app.close();
  });

  it('lets only the storefront origin read it from a browser', async () => {
    const allowed = await shop.app.inject({ method: 'GET', url: '/api/v2/shop/taxons', headers: { origin: SITE } });
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE);
    const foreign = await shop.app.inject({
      method: 'GET',
      url: '/api/v2/shop/taxons',
      headers: { origin: 'https://pirate.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/shop/orders',
      headers: { origin: 'https://pirate.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses bodies over 256 KB without reading them into a route', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v2/shop/orders',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ localeCode: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers a client’s mistakes in French, without echoing what was sent', async () => {
    const cart = (await shop.app.inject({ method: 'POST', url: '/api/v2/shop/orders', payload: {} })).json();
    const items = `/api/v2/shop/orders/${cart.tokenValue}/items`;
    const json = { 'content-type': 'application/json' };
    const mistakes = [
      { method: 'POST', url: items, payload: JSON.stringify({ productVariant: 12 }), headers: json },
      { method: 'POST', url: items, payload: JSON.stringify({ productVariant: 'x'.repeat(400) }), headers: json },
      { method: 'POST', url: items, payload: JSON.stringify({}), headers: json },
      { method: 'POST', url: items, payload: '{"productVariant": "P', headers: json },
      { method: 'POST', url: items, payload: 'productVariant=P1', headers: { 'content-type': 'text/csv' } },
      { method: 'POST', url: items, payload: '', headers: json },
      { method: 'GET', url: `/api/v2/shop/orders/${'x'.repeat(600)}`, headers: {} },
      { method: 'GET', url: '/api/v2/shop/products?itemsPerPage=beaucoup', headers: {} },
      { method: 'GET', url: '/api/v2/shop/taxons/%E0%A4%A', headers: {} },
      { method: 'POST', url: items, payload: `{"localeCode": "${'x'.repeat(300 * 1024)}"}`, headers: json },
    ] as const;
    for (const mistake of mistakes) {
      const response = await shop.app.inject(mistake);
      const label = `${mistake.method} ${mistake.url.slice(0, 60)} ${String('payload' in mistake ? mistake.payload : '').slice(0, 40)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      const description = String(response.json()['hydra:description']);
      expect(description, label).not.toMatch(
        /\b(is|the|must|should|body|unexpected|exceeding|unsupported|media|type|not|found|request|invalid|bad|component|length|error)\b/i,
      );
      expect(description, label).not.toContain('xxxxxxxx');
    }
  });
});
