import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, demonstrationNotice, loadConfig, paymentProviderFor, paymentRegistry } from '../config.js';
import type { PaymentProviderDefinition } from './definition.js';
import { definitionNamed, demonstrationProvider, PAYMENT_PROVIDERS } from './registry.js';

/** A third provider taking real money, as a new folder would declare it. */
const fauxpay: PaymentProviderDefinition = {
  name: 'fauxpay',
  environment: { fauxpayKey: 'FAUXPAY_KEY', fauxpaySecret: 'FAUXPAY_SECRET' },
  realMoney: {
    label: 'FauxPay',
    keySetting: 'fauxpayKey',
    required: 'FAUXPAY_KEY et FAUXPAY_SECRET',
    problem: (settings) => (settings.fauxpaySecret ? null : 'FAUXPAY_KEY sans FAUXPAY_SECRET.'),
  },
  storefront: { label: 'FauxPay', checkoutOrigins: () => ['https://pay.fauxpay.test'] },
  build: () => {
    throw new Error('not built here');
  },
};
const withFauxpay = [...PAYMENT_PROVIDERS, fauxpay];
const LOCAL = 'http://localhost:3000';

describe('the payment provider registry', () => {
  it('lists Stripe and the sandbox, each under a name a payment row and a webhook path can hold', () => {
    expect(PAYMENT_PROVIDERS.map((definition) => definition.name)).toEqual(['stripe', 'sandbox']);
    for (const { name } of PAYMENT_PROVIDERS) expect(name).toMatch(/^[a-z0-9-]{1,16}$/);
    expect(new Set(PAYMENT_PROVIDERS.map((definition) => definition.name)).size).toBe(PAYMENT_PROVIDERS.length);
  });

  it('has exactly one provider without real money, the default: the sandbox', () => {
    expect(PAYMENT_PROVIDERS.filter((definition) => !definition.realMoney)).toHaveLength(1);
    expect(demonstrationProvider(PAYMENT_PROVIDERS).name).toBe('sandbox');
  });

  it('gives each provider that takes real money a key among the variables it declares', () => {
    for (const { realMoney, environment } of PAYMENT_PROVIDERS)
      if (realMoney) expect(environment[realMoney.keySetting]).toMatch(/^[A-Z][A-Z0-9_]+$/);
  });

  it('tells the storefront each one’s name for shoppers and its checkout origins', () => {
    const app = { publicUrl: 'http://localhost:8000' };
    const terms = Object.fromEntries(
      PAYMENT_PROVIDERS.map(({ name, storefront }) => [
        name,
        { ...storefront, checkoutOrigins: storefront.checkoutOrigins(app) },
      ]),
    );
    expect(terms).toEqual({
      stripe: { label: 'Stripe', checkoutOrigins: ['https://checkout.stripe.com'] },
      // The sandbox's page is the shop API's own.
      sandbox: { label: 'démonstration, aucun paiement réel', checkoutOrigins: ['http://localhost:8000'] },
    });
    for (const { storefront } of PAYMENT_PROVIDERS)
      for (const origin of storefront.checkoutOrigins({ publicUrl: 'https://api.boutique.fr/' }))
        expect(new URL(origin).origin).toBe(origin);
  });

  it('finds a provider by its name only', () => {
    expect(definitionNamed(PAYMENT_PROVIDERS, 'stripe')?.name).toBe('stripe');
    for (const name of ['paypal', 'constructor', '__proto__', 'Stripe', ''])
      expect(definitionNamed(PAYMENT_PROVIDERS, name)).toBeUndefined();
  });

  it('builds the sandbox with its checkout page and no webhook, Stripe with its webhook and no page', () => {
    const sandbox = definitionNamed(PAYMENT_PROVIDERS, 'sandbox')!.build({}, { publicUrl: 'http://shop.test' });
    expect(sandbox.provider.name).toBe('sandbox');
    expect(sandbox.routes).toBeTypeOf('function');
    expect(sandbox.webhook).toBeUndefined();
    const stripe = definitionNamed(PAYMENT_PROVIDERS, 'stripe')!.build(
      { stripeSecretKey: 'sk_test_registry', stripeWebhookSecret: 'whsec_registry' },
      { publicUrl: 'http://shop.test' },
    );
    expect(stripe.provider.name).toBe('stripe');
    expect(stripe.webhook).toBeDefined();
    expect(stripe.routes).toBeUndefined();
  });
});

describe('choosing a provider from a registry with one more provider', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('has loadConfig read the variables each provider of the shop’s registry declares, and those only', () => {
    vi.stubEnv('FAUXPAY_KEY', 'fp_key');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_from_env');
    const { paymentSettings } = loadConfig();
    expect(paymentSettings).toMatchObject({ stripeWebhookSecret: 'whsec_from_env' });
    expect(paymentSettings).not.toHaveProperty('fauxpayKey');
  });

  it('chooses it by its key, or by PAYMENT_PROVIDER, and still defaults to the sandbox on this machine', () => {
    const keys = { fauxpayKey: 'fp_key', fauxpaySecret: 'fp_secret' };
    expect(paymentProviderFor({ siteUrl: 'https://shop.example.fr', ...keys }, withFauxpay)).toBe('fauxpay');
    expect(paymentProviderFor({ siteUrl: LOCAL, paymentProvider: 'fauxpay', ...keys }, withFauxpay)).toBe('fauxpay');
    expect(paymentProviderFor({ siteUrl: LOCAL }, withFauxpay)).toBe('sandbox');
  });

  it.each([
    [
      { paymentProvider: 'paypal' },
      'PAYMENT_PROVIDER vaut « stripe », « sandbox » ou « fauxpay » (reçu : « paypal »).',
    ],
    [{ paymentProvider: 'fauxpay' }, 'PAYMENT_PROVIDER=fauxpay demande FAUXPAY_KEY et FAUXPAY_SECRET.'],
    [{ fauxpayKey: 'fp_key' }, 'FAUXPAY_KEY sans FAUXPAY_SECRET.'],
    [
      { paymentProvider: 'sandbox', fauxpayKey: 'fp_key' },
      'PAYMENT_PROVIDER=sandbox et FAUXPAY_KEY se contredisent : retirez l’un des deux.',
    ],
    [
      { paymentProvider: 'fauxpay', fauxpayKey: 'fp_key', fauxpaySecret: 's', stripeSecretKey: 'sk' },
      'PAYMENT_PROVIDER=fauxpay et STRIPE_SECRET_KEY se contredisent : retirez l’un des deux.',
    ],
    [
      { fauxpayKey: 'fp_key', stripeSecretKey: 'sk' },
      'STRIPE_SECRET_KEY et FAUXPAY_KEY sont tous définis : choisissez le paiement avec PAYMENT_PROVIDER.',
    ],
  ])('refuses contradictory or incomplete settings (%o)', (settings, message) => {
    expect(() => paymentProviderFor({ siteUrl: LOCAL, ...settings }, withFauxpay)).toThrow(new ConfigError(message));
  });

  it('names every real provider to a public shop without one, and at start-up on the sandbox', () => {
    expect(() => paymentProviderFor({ siteUrl: 'https://shop.example.fr' }, withFauxpay)).toThrow(
      'Définissez STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (Stripe Checkout), FAUXPAY_KEY et FAUXPAY_SECRET (FauxPay), ou PAYMENT_PROVIDER=sandbox pour une boutique de démonstration.',
    );
    expect(demonstrationNotice()).toBe(
      'paiements sur la page de paiement de démonstration (aucun argent réel) ; STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET activent Stripe Checkout.',
    );
  });
});

describe('a provider module the end-to-end suites load (SHOP_API_TEST_PAYMENT_PROVIDER)', () => {
  const testProvider = 'shop-api/tests/payment-provider/definition.ts';

  it('is the registry’s providers alone unless named', async () => {
    expect(await paymentRegistry({})).toBe(PAYMENT_PROVIDERS);
    expect(await paymentRegistry({ SHOP_API_TEST_ROUTES: '1' })).toBe(PAYMENT_PROVIDERS);
  });

  it('adds the module’s provider, whose settings loadConfig then reads and whose key chooses it', async () => {
    const registry = await paymentRegistry({ SHOP_API_TEST_ROUTES: '1', SHOP_API_TEST_PAYMENT_PROVIDER: testProvider });
    expect(registry.map((definition) => definition.name)).toEqual(['stripe', 'sandbox', 'banque-essai']);
    vi.stubEnv('BANQUE_ESSAI_SECRET', 'secret-of-the-test-bank');
    try {
      const { paymentSettings } = loadConfig(registry);
      expect(paymentSettings).toMatchObject({ banqueEssaiSecret: 'secret-of-the-test-bank' });
      expect(paymentProviderFor({ siteUrl: 'https://shop.example.fr', ...paymentSettings }, registry)).toBe(
        'banque-essai',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    [{ SHOP_API_TEST_PAYMENT_PROVIDER: testProvider }, 'SHOP_API_TEST_PAYMENT_PROVIDER ne sert qu’aux tests'],
    [{ SHOP_API_TEST_ROUTES: '0', SHOP_API_TEST_PAYMENT_PROVIDER: testProvider }, 'il demande SHOP_API_TEST_ROUTES=1'],
    [
      { SHOP_API_TEST_ROUTES: '1', SHOP_API_TEST_PAYMENT_PROVIDER: 'shop-api/src/payments/stripe/definition.ts' },
      'désigne un module des dossiers de tests',
    ],
    [
      { SHOP_API_TEST_ROUTES: '1', SHOP_API_TEST_PAYMENT_PROVIDER: 'shop-api/tests/../src/server.ts' },
      'désigne un module des dossiers de tests',
    ],
    [{ SHOP_API_TEST_ROUTES: '1', SHOP_API_TEST_PAYMENT_PROVIDER: '/etc/passwd' }, 'désigne un module'],
    [{ SHOP_API_TEST_ROUTES: '1', SHOP_API_TEST_PAYMENT_PROVIDER: 'shop-api/tests/absent.ts' }, 'désigne un module'],
    [
      { SHOP_API_TEST_ROUTES: '1', SHOP_API_TEST_PAYMENT_PROVIDER: 'shop-api/tests/payment-provider/signature.ts' },
      'n’exporte pas de fournisseur de paiement',
    ],
  ])('is refused outside a test shop or a test folder (%o)', async (env, message) => {
    await expect(paymentRegistry(env)).rejects.toThrow(ConfigError);
    await expect(paymentRegistry(env)).rejects.toThrow(message);
  });
});
