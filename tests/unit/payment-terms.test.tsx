/**
 * The storefront names no payment provider: the demonstration banner and the CSP's form-action follow
 * what the shop API's channel says of the provider payments open with (its yard extension
 * `paymentProvider`), learned once per process, against a local HTTP server standing in for the shop
 * API. A Sylius without the extension, or one that cannot be asked, leaves the safe default: a shop
 * that takes real money, its CSP opened to nothing more.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentTermsOf, UNSAID } from '@/lib/payment/rules';

vi.mock('server-only', () => ({}));
// Next's data cache, as far as unstable_cache goes: an answer kept under its key, a failure not kept.
vi.mock('next/cache', () => {
  const kept = new Map<string, unknown>();
  return {
    unstable_cache:
      <T,>(run: () => Promise<T>, keyParts: string[]) =>
      async (): Promise<T> => {
        const key = keyParts.join('/');
        if (!kept.has(key)) kept.set(key, await run());
        return kept.get(key) as T;
      },
  };
});
vi.mock('next-intl/server', () => {
  const messages = JSON.parse(readFileSync('messages/fr.json', 'utf8')) as Record<string, Record<string, string>>;
  return { getTranslations: async (namespace: string) => (key: string) => messages[namespace]?.[key] ?? key };
});

/** A third provider, known to no line of the storefront: real money, a checkout origin of its own. */
const THIRD = { label: 'Banque d’essai', realMoney: true, checkoutOrigins: ['https://paiement.banque-essai.test'] };
const DEMONSTRATION = {
  label: 'démonstration, aucun paiement réel',
  realMoney: false,
  checkoutOrigins: ['http://localhost:8000'],
};

const shopApi = { paymentProvider: THIRD as unknown, status: 200, requests: 0 };
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    shopApi.requests++;
    if (request.url !== '/api/v2/shop/channels/WEB') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
      return;
    }
    const channel = {
      code: 'WEB',
      name: 'Boutique en ligne',
      ...(shopApi.paymentProvider === undefined ? {} : { paymentProvider: shopApi.paymentProvider }),
    };
    response.writeHead(shopApi.status, { 'content-type': 'application/json' }).end(JSON.stringify(channel));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  // Each test is a new storefront process: nothing learned yet.
  vi.resetModules();
  Object.assign(shopApi, { paymentProvider: THIRD, status: 200, requests: 0 });
  vi.stubEnv('SHOP_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const ENV = { SITE_URL: 'https://boutique.fr', SHOP_API_PUBLIC_URL: 'https://api.boutique.fr', NODE_ENV: 'production' };

/** The banner as a page renders it: its HTML, empty when there is none. */
async function banner(): Promise<string> {
  const { DemoModeBanner } = await import('@/components/layout/demo-mode-banner');
  const element = await DemoModeBanner();
  return element ? renderToStaticMarkup(element) : '';
}

/** The form-action directive of the CSP the proxy puts on page answers. */
async function formAction(): Promise<string | undefined> {
  const { proxySecurityHeaders } = await import('@/lib/security/page-headers');
  const csp = new Map(await proxySecurityHeaders(ENV)).get('Content-Security-Policy') ?? '';
  return csp.split('; ').find((directive) => directive.startsWith('form-action '));
}

describe('the payment terms the storefront learns from the shop API', () => {
  it('shows no banner for a third provider that takes real money, and opens the CSP to its checkout origin only', async () => {
    expect(await banner()).toBe('');
    expect(await formAction()).toBe("form-action 'self' https://paiement.banque-essai.test");
    const { paymentTerms } = await import('@/lib/payment/server');
    expect((await paymentTerms()).label).toBe('Banque d’essai');
    expect(await banner()).toBe('');
    expect(await formAction()).toBe("form-action 'self' https://paiement.banque-essai.test");
    // Learned once by the proxy and once by the pages (two bundles in a storefront process).
    expect(shopApi.requests).toBe(2);
  });

  it('shows the banner on a provider without real money, and opens the CSP to its page', async () => {
    shopApi.paymentProvider = DEMONSTRATION;
    expect(await banner()).toContain('Mode démonstration — aucun paiement réel');
    expect(await banner()).toContain('aria-label="Boutique de démonstration"');
    expect(await formAction()).toBe("form-action 'self' http://localhost:8000");
  });

  it('takes a Sylius without the extension for a shop that takes real money, and keeps that answer', async () => {
    shopApi.paymentProvider = undefined;
    expect(await banner()).toBe('');
    expect(await formAction()).toBe("form-action 'self'");
    expect(await formAction()).toBe("form-action 'self'");
    expect(await banner()).toBe('');
    expect(shopApi.requests).toBe(2);
  });

  it('stands on the safe default while the shop API cannot say, and asks again later', async () => {
    shopApi.status = 503;
    shopApi.paymentProvider = DEMONSTRATION;
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    expect(await formAction()).toBe("form-action 'self'");
    expect(await banner()).toBe('');
    // The proxy waits a while before asking again; a page asks at its next render.
    const asked = shopApi.requests;
    expect(await formAction()).toBe("form-action 'self'");
    expect(shopApi.requests).toBe(asked);
    shopApi.status = 200;
    clock.mockReturnValue(start + 60_000);
    expect(await formAction()).toBe("form-action 'self' http://localhost:8000");
    expect(await banner()).toContain('Mode démonstration');
    expect(await banner()).toContain('Mode démonstration');
    // Once each, now that the shop API answers.
    expect(shopApi.requests).toBe(asked + 2);
  });
});

describe('reading the channel’s extension', () => {
  it('keeps bare http(s) origins only: nothing that could widen the CSP', () => {
    const terms = paymentTermsOf({
      paymentProvider: {
        label: '  Banque d’essai ',
        realMoney: true,
        checkoutOrigins: [
          'https://paiement.banque-essai.test',
          "https://pay.test; script-src 'unsafe-eval'",
          'https://pay.test/checkout',
          'javascript:alert(1)',
          'http://127.0.0.1:8520',
          42,
        ],
      },
    });
    expect(terms).toEqual({
      label: 'Banque d’essai',
      realMoney: true,
      checkoutOrigins: ['https://paiement.banque-essai.test', 'http://127.0.0.1:8520'],
    });
  });

  it.each([
    ['no extension', { code: 'WEB' }],
    ['an extension of another shape', { paymentProvider: 'stripe' }],
    ['no channel', null],
  ])('falls back to real money, no origin and no name with %s', (_case, channel) => {
    expect(paymentTermsOf(channel)).toEqual(UNSAID);
    expect(UNSAID).toEqual({ realMoney: true, checkoutOrigins: [], label: null });
  });

  it('shows the banner only when the shop API says, in so many words, that no real money is taken', () => {
    for (const realMoney of [undefined, null, 'false', 0, true])
      expect(paymentTermsOf({ paymentProvider: { realMoney } }).realMoney).toBe(true);
    expect(paymentTermsOf({ paymentProvider: { realMoney: false } }).realMoney).toBe(false);
  });
});
