/** Settings of the shop API, read once from the environment. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where the staff token lives when STAFF_API_TOKEN is not set (below the var folder). */
export const STAFF_TOKEN_FILE = 'staff-token';

/** The shop's var folder (PGlite files, mail outbox, drawn secrets). */
export const varDirectory = () => resolve(repoRoot, process.env.SHOP_VAR_DIR || 'var');

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new ConfigError(`${name} attend un nombre entier positif ou nul (reçu : « ${raw} »).`);
  return value;
}

/**
 * TRUST_PROXY: the addresses/CIDRs of the proxies whose X-Forwarded-For is believed (the storefront
 * on loopback by default). Never "any" nor a count of hops: either would believe a header written by
 * a client that reaches this server without going through them.
 */
function trustProxyFromEnv(raw: string | undefined): string {
  if (!raw) return 'loopback';
  if (/^\s*(\d+|true|any|all|\*)\s*$/i.test(raw)) {
    throw new Error(
      `TRUST_PROXY="${raw}" croirait un X-Forwarded-For écrit par le client : indiquez les adresses ou réseaux des proxys (ex. 10.0.0.0/8).`,
    );
  }
  return raw;
}

/** A secret shared with other processes: absent, or long enough not to be guessed. */
function secretFromEnv(name: string): string | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  if (value.length < 24) throw new ConfigError(`${name} doit compter au moins 24 caractères (openssl rand -hex 32).`);
  return value;
}

/** A setting the shop cannot start with: its message says what to set. */
export class ConfigError extends Error {}

export type PaymentProviderName = 'stripe' | 'sandbox';

/** Whether browsers reach the shop from elsewhere than this machine: https, or a host other than loopback. */
export function isPublicSiteUrl(siteUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new ConfigError(`SITE_URL n’est pas une adresse valide (« ${siteUrl} »).`);
  }
  return url.protocol === 'https:' || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * Where customers pay. Stripe Checkout when its keys are set; otherwise the sandbox page, which
 * marks orders paid for no money: the default on a developer's machine only. A shop with a public
 * SITE_URL refuses it unless PAYMENT_PROVIDER=sandbox says a demonstration shop is meant.
 * (The storefront applies the same rule to show its demonstration banner: lib/config/server.ts.)
 */
export function paymentProviderFor(
  settings: Pick<Config, 'siteUrl' | 'paymentProvider' | 'stripeSecretKey' | 'stripeWebhookSecret'>,
): PaymentProviderName {
  const { siteUrl, paymentProvider, stripeSecretKey, stripeWebhookSecret } = settings;
  if (paymentProvider !== undefined && paymentProvider !== 'stripe' && paymentProvider !== 'sandbox') {
    throw new ConfigError(`PAYMENT_PROVIDER vaut « stripe » ou « sandbox » (reçu : « ${paymentProvider} »).`);
  }
  if (paymentProvider === 'sandbox') {
    if (stripeSecretKey)
      throw new ConfigError('PAYMENT_PROVIDER=sandbox et STRIPE_SECRET_KEY se contredisent : retirez l’un des deux.');
    return 'sandbox';
  }
  if (stripeSecretKey) {
    if (!stripeWebhookSecret)
      throw new ConfigError(
        'STRIPE_SECRET_KEY sans STRIPE_WEBHOOK_SECRET : aucun paiement Stripe ne pourrait être confirmé.',
      );
    return 'stripe';
  }
  if (paymentProvider === 'stripe')
    throw new ConfigError('PAYMENT_PROVIDER=stripe demande STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET.');
  if (isPublicSiteUrl(siteUrl)) {
    throw new ConfigError(
      `SITE_URL (${siteUrl}) est une adresse publique, mais aucun paiement réel n’est configuré : ` +
        'la page de paiement de démonstration marquerait les commandes payées sans aucun argent. Définissez ' +
        'STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (Stripe Checkout), ou PAYMENT_PROVIDER=sandbox pour une boutique de démonstration.',
    );
  }
  return 'sandbox';
}

export interface Config {
  host: string;
  port: number;
  /** Base URL under which browsers reach this server (absolute image paths). */
  publicUrl: string;
  databaseUrl?: string;
  varDir: string;
  /** Parts loaded by the first start on an empty database. */
  seedParts: number;
  /** Storefront endpoint told about catalogue changes, and the secret that signs those calls. */
  revalidateUrl?: string;
  revalidateSecret?: string;
  staffToken?: string;
  /** JWT signing secret; absent: a key drawn once and kept in <varDir>/jwt-secret. */
  jwtSecret?: string;
  jwtTtlSeconds: number;
  /** Multiplies the sign-in, registration and reset limits (1 in service). */
  rateLimitScale: number;
  /** SMTP server URL (smtp://user:pass@host:587); absent: mails go to <varDir>/mail as .eml files. */
  smtpUrl?: string;
  mailFrom: string;
  /** The yard's inbox for requests that need a person (quotes for export vehicles). */
  staffEmail: string;
  /** Public URL of the storefront, for links in mails. */
  siteUrl: string;
  /** Whose X-Forwarded-For to believe for the client IP: the storefront on loopback by default. */
  trustProxy: string;
  /** PAYMENT_PROVIDER as set (`stripe` or `sandbox`), or absent: see paymentProviderFor. */
  paymentProvider?: string;
  /** Stripe Checkout: the secret key (absent: the sandbox page), the webhook secret, another API base (tests). */
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeApiBase?: string;
}

export function loadConfig(): Config {
  const port = intFromEnv('SHOP_API_PORT', 8000);
  const host = process.env.SHOP_API_HOST || '127.0.0.1';
  const varDir = varDirectory();
  return {
    host,
    port,
    publicUrl: (process.env.SHOP_API_PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: process.env.DATABASE_URL || undefined,
    varDir,
    seedParts: intFromEnv('SEED_PARTS', 3000),
    revalidateUrl: process.env.STOREFRONT_REVALIDATE_URL || undefined,
    revalidateSecret: secretFromEnv('REVALIDATE_SECRET'),
    staffToken: secretFromEnv('STAFF_API_TOKEN'),
    jwtSecret: secretFromEnv('JWT_SECRET'),
    jwtTtlSeconds: intFromEnv('JWT_TTL', 3600),
    rateLimitScale: Math.max(1, intFromEnv('RATE_LIMIT_SCALE', 1)),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || 'Pièces Auto Recyclées <boutique@pieces-auto-recyclees.fr>',
    staffEmail: process.env.STAFF_EMAIL || 'contact@pieces-auto-recyclees.fr',
    siteUrl: (process.env.SITE_URL || 'http://localhost:3000').replace(/\/$/, ''),
    trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY),
    paymentProvider: process.env.PAYMENT_PROVIDER || undefined,
    stripeSecretKey: process.env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: process.env.STRIPE_API_BASE || undefined,
  };
}
