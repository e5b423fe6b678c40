import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  isLoopbackHost,
  isPublicSiteUrl,
  loadConfig,
  paymentProviderFor,
  sharedInstanceProblem,
} from './config.js';

const KEYS = { stripeSecretKey: 'sk_test_0123456789abcdef', stripeWebhookSecret: 'whsec_0123456789abcdef' };

describe('payment provider chosen at start-up', () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:3106', 'http://[::1]:3000', 'http://localhost'])(
    'keeps the sandbox as the default for a shop on this machine (%s)',
    (siteUrl) => {
      expect(paymentProviderFor({ siteUrl })).toBe('sandbox');
    },
  );

  it.each([
    'https://www.pieces-auto-recyclees.fr',
    'https://localhost:3000',
    'http://boutique.example.fr',
    'http://203.0.113.7:3000',
    'http://192.168.1.20:3000',
    'http://localhost.example.fr',
    'http://127.0.0.2:3000',
  ])('refuses the sandbox by default for a public SITE_URL (%s), saying what to set', (siteUrl) => {
    expect(isPublicSiteUrl(siteUrl)).toBe(true);
    expect(() => paymentProviderFor({ siteUrl })).toThrow(ConfigError);
    expect(() => paymentProviderFor({ siteUrl })).toThrow(
      /STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET .*PAYMENT_PROVIDER=sandbox/,
    );
  });

  it('serves a public demonstration shop on the sandbox when PAYMENT_PROVIDER=sandbox says so', () => {
    expect(paymentProviderFor({ siteUrl: 'https://demo.example.fr', paymentProvider: 'sandbox' })).toBe('sandbox');
  });

  it.each(['127.0.0.1', '127.0.0.53', '127.1', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1'])(
    'keeps the sandbox as the default for a shop API listening on loopback (SHOP_API_HOST=%s)',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(paymentProviderFor({ siteUrl: 'http://localhost:3000', host })).toBe('sandbox');
    },
  );

  it.each([
    '0.0.0.0',
    '0',
    '::',
    '192.168.1.20',
    '10.0.0.5',
    '203.0.113.7',
    'fe80::1',
    'boutique',
    'localhost.example.fr',
  ])(
    'refuses the sandbox by default for a shop API that other machines reach (SHOP_API_HOST=%s), SITE_URL on localhost',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(() => paymentProviderFor({ siteUrl: 'http://localhost:3000', host })).toThrow(
        new ConfigError(
          `SHOP_API_HOST (${host}) ouvre l’API à d’autres machines que celle-ci, mais aucun paiement réel n’est configuré : ` +
            'la page de paiement de démonstration marquerait les commandes payées sans aucun argent. Définissez ' +
            'STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (Stripe Checkout), ou PAYMENT_PROVIDER=sandbox pour une boutique de démonstration.',
        ),
      );
    },
  );

  it('serves the sandbox on every address, or Stripe with its keys, when told so', () => {
    expect(paymentProviderFor({ siteUrl: 'http://localhost:3000', host: '0.0.0.0', paymentProvider: 'sandbox' })).toBe(
      'sandbox',
    );
    expect(paymentProviderFor({ siteUrl: 'http://localhost:3000', host: '::', ...KEYS })).toBe('stripe');
  });

  it('uses Stripe when its keys are set, wherever the shop is', () => {
    expect(paymentProviderFor({ siteUrl: 'https://www.pieces-auto-recyclees.fr', ...KEYS })).toBe('stripe');
    expect(paymentProviderFor({ siteUrl: 'http://localhost:3000', paymentProvider: 'stripe', ...KEYS })).toBe('stripe');
  });

  it.each([
    [{ paymentProvider: 'stripe' }, 'PAYMENT_PROVIDER=stripe demande STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET.'],
    [{ paymentProvider: 'paypal' }, 'PAYMENT_PROVIDER vaut « stripe » ou « sandbox » (reçu : « paypal »).'],
    [
      { stripeSecretKey: KEYS.stripeSecretKey },
      'STRIPE_SECRET_KEY sans STRIPE_WEBHOOK_SECRET : aucun paiement Stripe ne pourrait être confirmé.',
    ],
    [
      { paymentProvider: 'sandbox', ...KEYS },
      'PAYMENT_PROVIDER=sandbox et STRIPE_SECRET_KEY se contredisent : retirez l’un des deux.',
    ],
  ])('refuses contradictory or incomplete settings (%o)', (settings, message) => {
    expect(() => paymentProviderFor({ siteUrl: 'http://localhost:3000', ...settings })).toThrow(message);
  });

  it('refuses a SITE_URL that is not an address', () => {
    expect(() => paymentProviderFor({ siteUrl: 'boutique' })).toThrow(
      'SITE_URL n’est pas une adresse valide (« boutique »).',
    );
  });
});

describe('an instance among several (REDIS_URL)', () => {
  const shared = {
    redisUrl: 'redis://127.0.0.1:6379',
    databaseUrl: 'postgresql://shop@db/shop',
    jwtSecret: 'j'.repeat(32),
    staffToken: 's'.repeat(32),
    revalidateSecret: 'r'.repeat(32),
  };

  it('starts with one PostgreSQL and the three shared secrets; a lone shop needs none of them', () => {
    expect(sharedInstanceProblem(shared)).toBeNull();
    expect(sharedInstanceProblem({})).toBeNull();
  });

  it.each([
    ['databaseUrl', /^REDIS_URL annonce plusieurs instances : DATABASE_URL/],
    ['jwtSecret', /^JWT_SECRET manque : avec REDIS_URL/],
    ['staffToken', /^STAFF_API_TOKEN manque/],
    ['revalidateSecret', /^REVALIDATE_SECRET manque/],
  ] as const)('refuses to start without %s, naming the setting in French', (setting, message) => {
    expect(sharedInstanceProblem({ ...shared, [setting]: undefined })).toMatch(message);
  });
});

describe('the PostgreSQL pool of an instance', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps 10 connections at most unless DATABASE_POOL_MAX says otherwise (instances × pool under max_connections)', () => {
    vi.stubEnv('DATABASE_POOL_MAX', '');
    expect(loadConfig().databasePoolMax).toBe(10);
    vi.stubEnv('DATABASE_POOL_MAX', '4');
    expect(loadConfig().databasePoolMax).toBe(4);
  });
});
