/** Settings of the shop API, read once from the environment. */
import { existsSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PaymentProviderDefinition, PaymentSettings } from './payments/definition.js';
import { definitionNamed, demonstrationProvider, PAYMENT_PROVIDERS } from './payments/registry.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

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
 * Whether the shop API listens on this machine only: 127.x, ::1 or localhost. Anything else (0.0.0.0,
 * ::, a network address, another host name) serves its pages to other machines. Read as a URL host, so
 * that spellings such as 127.1 or 0 are judged as what they mean.
 */
export function isLoopbackHost(host: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}`).hostname;
  } catch {
    return false;
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** « a » ou « b »; « a », « b » ou « c ». */
const either = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;

/**
 * Where customers pay, by provider name. A provider that takes real money (Stripe Checkout) when its
 * key is set; otherwise the registry's demonstration provider (the sandbox page), which marks orders
 * paid for no money: the default on a developer's machine only. A shop with a public SITE_URL, or a shop
 * API listening beyond loopback (`host`, SHOP_API_HOST: other machines could open the sandbox's page
 * whatever SITE_URL says), refuses it unless PAYMENT_PROVIDER names it, saying a demonstration shop is
 * meant. `host` absent: loopback, the default of loadConfig. PAYMENT_PROVIDER naming one
 * provider while another's key is set is a contradiction, not a choice.
 * The storefront learns the outcome from the channel (`paymentProvider`, decision 0029).
 */
export function paymentProviderFor(
  settings: Pick<Config, 'siteUrl' | 'paymentProvider'> & Partial<Pick<Config, 'host'>> & PaymentSettings,
  registry: readonly PaymentProviderDefinition[] = PAYMENT_PROVIDERS,
): string {
  const { siteUrl, host = '127.0.0.1', paymentProvider: named } = settings;
  const keyVariable = (definition: PaymentProviderDefinition) =>
    definition.realMoney ? (definition.environment[definition.realMoney.keySetting] ?? '') : '';
  const isSet = (definition: PaymentProviderDefinition) =>
    Boolean(definition.realMoney && settings[definition.realMoney.keySetting]);
  const complete = (definition: PaymentProviderDefinition) => {
    const problem = definition.realMoney?.problem(settings);
    if (problem) throw new ConfigError(problem);
    return definition.name;
  };
  const configured = registry.filter(isSet);
  if (named !== undefined) {
    const chosen = definitionNamed(registry, named);
    if (!chosen)
      throw new ConfigError(
        `PAYMENT_PROVIDER vaut ${either(registry.map((definition) => `« ${definition.name} »`))} (reçu : « ${named} »).`,
      );
    const other = configured.find((definition) => definition !== chosen);
    if (other)
      throw new ConfigError(
        `PAYMENT_PROVIDER=${named} et ${keyVariable(other)} se contredisent : retirez l’un des deux.`,
      );
    if (chosen.realMoney && !isSet(chosen))
      throw new ConfigError(`PAYMENT_PROVIDER=${named} demande ${chosen.realMoney.required}.`);
    return complete(chosen);
  }
  if (configured.length > 1)
    throw new ConfigError(
      `${configured.map(keyVariable).join(' et ')} sont tous définis : choisissez le paiement avec PAYMENT_PROVIDER.`,
    );
  if (configured[0]) return complete(configured[0]);
  const demonstration = demonstrationProvider(registry);
  const reached = isPublicSiteUrl(siteUrl)
    ? `SITE_URL (${siteUrl}) est une adresse publique`
    : !isLoopbackHost(host)
      ? `SHOP_API_HOST (${host}) ouvre l’API à d’autres machines que celle-ci`
      : undefined;
  if (reached) {
    const real = registry.flatMap(({ realMoney }) => (realMoney ? [`${realMoney.required} (${realMoney.label})`] : []));
    throw new ConfigError(
      `${reached}, mais aucun paiement réel n’est configuré : ` +
        'la page de paiement de démonstration marquerait les commandes payées sans aucun argent. Définissez ' +
        `${real.join(', ')}, ou PAYMENT_PROVIDER=${demonstration.name} pour une boutique de démonstration.`,
    );
  }
  return demonstration.name;
}

/** What the server says when it starts on the demonstration provider, and how to take real money instead. */
export function demonstrationNotice(registry: readonly PaymentProviderDefinition[] = PAYMENT_PROVIDERS): string {
  const real = registry.flatMap(({ realMoney }) =>
    realMoney ? [`${realMoney.required} activent ${realMoney.label}`] : [],
  );
  return `paiements sur la page de paiement de démonstration (aucun argent réel) ; ${real.join(' ; ')}.`;
}

/** Every provider's settings, read from the variables each one declares. */
function paymentSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  registry: readonly PaymentProviderDefinition[],
): PaymentSettings {
  const settings: Record<string, string | undefined> = {};
  for (const definition of registry)
    for (const [setting, variable] of Object.entries(definition.environment))
      settings[setting] = env[variable] || undefined;
  return settings;
}

export interface Config {
  host: string;
  port: number;
  /** Base URL under which browsers reach this server (absolute image paths). */
  publicUrl: string;
  databaseUrl?: string;
  /** PostgreSQL connections each instance keeps at most: instances × this (+ 2 for the jobs) must fit the server's max_connections. */
  databasePoolMax: number;
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
  /** Redis server keeping the rate-limit counters, shared by every instance; absent: each process's memory. */
  redisUrl?: string;
  /** SMTP server URL (smtp://user:pass@host:587); absent: mails go to <varDir>/mail as .eml files. */
  smtpUrl?: string;
  mailFrom: string;
  /** The yard's inbox for requests that need a person (quotes for export vehicles). */
  staffEmail: string;
  /** Public URL of the storefront, for links in mails. */
  siteUrl: string;
  /** Whose X-Forwarded-For to believe for the client IP: the storefront on loopback by default. */
  trustProxy: string;
  /** PAYMENT_PROVIDER as set (a name of the registry, `payments/registry.ts`), or absent: see paymentProviderFor. */
  paymentProvider?: string;
  /** The payment providers' settings, from the variables each declares (STRIPE_SECRET_KEY, …). */
  paymentSettings: PaymentSettings;
  /** SHOP_API_TEST_ROUTES=1: the end-to-end suites' test-only routes (the database digest); never in service. */
  testRoutes: boolean;
  /** Bearer token Prometheus sends to `/metrics`; absent: no metrics route. */
  metricsToken?: string;
  /** On SIGTERM, how long readiness answers 503 before the server stops taking requests (the load balancer's notice). */
  drainDelayMs: number;
}

/** Where SHOP_API_TEST_PAYMENT_PROVIDER may point: the repository's test folders, nothing a shop deploys. */
const TEST_FOLDERS = ['tests', 'shop-api/tests'];

/** The real path of `path` when it is a file under one of the repository's test folders. */
function testModule(path: string): string | null {
  const file = resolve(repoRoot, path);
  if (!existsSync(file)) return null;
  const real = realpathSync(file);
  const folders = TEST_FOLDERS.map((folder) => resolve(repoRoot, folder)).filter((folder) => existsSync(folder));
  return folders.some((folder) => real.startsWith(realpathSync(folder) + sep)) ? real : null;
}

/**
 * The providers a running shop API knows: the registry's (`payments/registry.ts`), and for the
 * end-to-end suites one more, a module under the repository's test folders named by
 * SHOP_API_TEST_PAYMENT_PROVIDER whose default export is a PaymentProviderDefinition. Taken only with
 * SHOP_API_TEST_ROUTES=1 (never in service): a provider added without a line in the registry, as a
 * test of the seam; a setting, so nothing a shopper sends can reach it.
 */
export async function paymentRegistry(
  env: NodeJS.ProcessEnv = process.env,
): Promise<readonly PaymentProviderDefinition[]> {
  const named = env.SHOP_API_TEST_PAYMENT_PROVIDER;
  if (!named) return PAYMENT_PROVIDERS;
  if (env.SHOP_API_TEST_ROUTES !== '1')
    throw new ConfigError('SHOP_API_TEST_PAYMENT_PROVIDER ne sert qu’aux tests : il demande SHOP_API_TEST_ROUTES=1.');
  const file = testModule(named);
  if (!file)
    throw new ConfigError(
      `SHOP_API_TEST_PAYMENT_PROVIDER désigne un module des dossiers de tests (reçu : « ${named} »).`,
    );
  const definition = ((await import(pathToFileURL(file).href)) as { default?: PaymentProviderDefinition }).default;
  if (!definition?.name || typeof definition.build !== 'function' || !definition.storefront)
    throw new ConfigError(`${named} n’exporte pas de fournisseur de paiement (export par défaut).`);
  if (definitionNamed(PAYMENT_PROVIDERS, definition.name))
    throw new ConfigError(`Le fournisseur de paiement « ${definition.name} » existe déjà.`);
  return [...PAYMENT_PROVIDERS, definition];
}

/**
 * An instance among several (REDIS_URL: they share their counters) must share the rest too: one
 * PostgreSQL, and the secrets every instance signs and checks with, which a lone shop draws into its
 * var dir. Missing, it says which setting and why, before anything starts.
 */
export function sharedInstanceProblem(
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'jwtSecret' | 'staffToken' | 'revalidateSecret'>,
): string | null {
  if (!config.redisUrl) return null;
  if (!config.databaseUrl)
    return 'REDIS_URL annonce plusieurs instances : DATABASE_URL doit désigner leur PostgreSQL commun (PGlite ne sert qu’un processus).';
  const missing = (
    [
      ['JWT_SECRET', config.jwtSecret, 'signe les sessions que toutes vérifient'],
      ['STAFF_API_TOKEN', config.staffToken, 'est le jeton du personnel que toutes acceptent'],
      ['REVALIDATE_SECRET', config.revalidateSecret, 'signe les appels aux storefronts'],
    ] as const
  ).find(([, value]) => !value);
  return missing
    ? `${missing[0]} manque : avec REDIS_URL (plusieurs instances), ce secret ${missing[2]} ; il doit être le même partout et venir de l’environnement (openssl rand -hex 32).`
    : null;
}

export function loadConfig(registry: readonly PaymentProviderDefinition[] = PAYMENT_PROVIDERS): Config {
  const config = readConfig(registry);
  const problem = sharedInstanceProblem(config);
  if (problem) throw new ConfigError(problem);
  return config;
}

function readConfig(registry: readonly PaymentProviderDefinition[]): Config {
  const port = intFromEnv('SHOP_API_PORT', 8000);
  const host = process.env.SHOP_API_HOST || '127.0.0.1';
  const varDir = varDirectory();
  return {
    host,
    port,
    publicUrl: (process.env.SHOP_API_PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: process.env.DATABASE_URL || undefined,
    databasePoolMax: intFromEnv('DATABASE_POOL_MAX', 10),
    varDir,
    seedParts: intFromEnv('SEED_PARTS', 3000),
    revalidateUrl: process.env.STOREFRONT_REVALIDATE_URL || undefined,
    revalidateSecret: secretFromEnv('REVALIDATE_SECRET'),
    staffToken: secretFromEnv('STAFF_API_TOKEN'),
    jwtSecret: secretFromEnv('JWT_SECRET'),
    metricsToken: secretFromEnv('METRICS_TOKEN'),
    drainDelayMs: intFromEnv('DRAIN_DELAY_MS', 0),
    jwtTtlSeconds: intFromEnv('JWT_TTL', 3600),
    rateLimitScale: Math.max(1, intFromEnv('RATE_LIMIT_SCALE', 1)),
    redisUrl: process.env.REDIS_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || 'Pièces Auto Recyclées <boutique@pieces-auto-recyclees.fr>',
    staffEmail: process.env.STAFF_EMAIL || 'contact@pieces-auto-recyclees.fr',
    siteUrl: (process.env.SITE_URL || 'http://localhost:3000').replace(/\/$/, ''),
    trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY),
    paymentProvider: process.env.PAYMENT_PROVIDER || undefined,
    paymentSettings: paymentSettingsFromEnv(process.env, registry),
    testRoutes: process.env.SHOP_API_TEST_ROUTES === '1',
  };
}
