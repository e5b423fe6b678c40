/** Builds the shop API: one Fastify plugin per resource, shared error and content rules. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Db } from './db/client.js';
import { answerFrameworkError, registerErrorHandlers } from './http/errors.js';
import { registerNegotiation } from './http/negotiation.js';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJwtService, type JwtService } from './auth/jwt.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { registerSecurity } from './http/security.js';
import { backgroundTasks, type BackgroundTasks } from './http/background.js';
import { registerRateLimits } from './http/rate-limits.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import type { Redis } from 'ioredis';
import type { PaymentProviderDefinition, PaymentSettings } from './payments/definition.js';
import type { PaymentProvider, PaymentWebhook } from './payments/provider.js';
import { definitionNamed, demonstrationProvider, PAYMENT_PROVIDERS } from './payments/registry.js';
import { onCatalogueChange } from './notify/catalogue-events.js';
import { createStorefrontNotifier, type StorefrontNotifier } from './notify/storefront.js';
import addressesRoutes from './routes/addresses.js';
import adminExportVehiclesRoutes from './routes/admin-export-vehicles.js';
import adminOrdersRoutes from './routes/admin-orders.js';
import adminProductsRoutes from './routes/admin-products.js';
import authRoutes from './routes/auth.js';
import customersRoutes from './routes/customers.js';
import exportVehiclesRoutes from './routes/export-vehicles.js';
import ordersRoutes from './routes/orders.js';
import paymentsRoutes from './routes/payments.js';
import personalDataRoutes from './routes/personal-data.js';
import paymentWebhooksRoutes from './routes/payment-webhooks.js';
import channelsRoutes from './routes/channels.js';
import countriesRoutes from './routes/countries.js';
import healthRoutes from './routes/health.js';
import productImagesRoutes from './routes/product-images.js';
import productVariantsRoutes from './routes/product-variants.js';
import productsRoutes from './routes/products.js';
import shippingMethodsRoutes from './routes/shipping-methods.js';
import taxonsRoutes from './routes/taxons.js';
import testDatabaseRoutes from './routes/test-database.js';
import withdrawalsRoutes from './routes/withdrawals.js';
import { CHANNEL_CODE } from './domain/channel.js';
import type { AppContext } from './context.js';
import { registerMetrics } from './http/metrics.js';

export interface BuildOptions {
  db: Db;
  publicUrl: string;
  mediaDir: string;
  notifier?: StorefrontNotifier;
  staffToken?: string;
  now?: () => Date;
  jwt?: JwtService;
  /** Multiplies every rate-limit ceiling (RATE_LIMIT_SCALE). */
  rateLimitScale?: number;
  /** Redis client keeping the rate-limit counters (REDIS_URL), shared by every instance; absent: in memory. */
  redis?: Redis;
  mailer?: Mailer;
  siteUrl?: string;
  staffEmail?: string;
  /** The payment providers the shop knows (`payments/registry.ts`; tests add their own). */
  paymentRegistry?: readonly PaymentProviderDefinition[];
  /** The provider new payments open with, by name, as paymentProviderFor chose it (default: the sandbox). */
  paymentProvider?: string;
  /** The providers' settings (secret keys), as loadConfig read them. */
  paymentSettings?: PaymentSettings;
  /** Whose X-Forwarded-For gives the client's IP (rate limits): the proxies' addresses/CIDRs, as Fastify takes them. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  logger?: FastifyServerOptions['logger'];
  /** Test-only routes (SHOP_API_TEST_ROUTES=1): never in a shop that serves customers. */
  testRoutes?: boolean;
  /** Bearer token Prometheus sends to `/metrics` (METRICS_TOKEN); absent: no metrics route. */
  metricsToken?: string;
}

export async function buildApp({
  db,
  publicUrl,
  mediaDir,
  notifier = createStorefrontNotifier({}),
  staffToken,
  now = () => new Date(),
  jwt = createJwtService(randomBytes(48), undefined, now),
  rateLimitScale = 1,
  redis,
  mailer = createMailer({ outboxDir: join(tmpdir(), 'shop-api-outbox'), from: 'boutique@localhost' }),
  siteUrl = 'http://localhost:3000',
  staffEmail = 'contact@pieces-auto-recyclees.fr',
  trustProxy = false,
  logger = false,
  paymentRegistry = PAYMENT_PROVIDERS,
  paymentProvider = demonstrationProvider(paymentRegistry).name,
  paymentSettings = {},
  testRoutes = false,
  metricsToken,
}: BuildOptions) {
  const payments = buildPaymentProviders(paymentRegistry, paymentProvider, paymentSettings, publicUrl);
  const app = Fastify({
    logger,
    genReqId: requestIdOf,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    bodyLimit: 256 * 1024,
    trustProxy,
    // Ids may come as a number or an IRI string ({ type: ['integer', 'string'] }). Ajv's strict mode
    // warns about such unions; rewriting them as anyOf would let coercion turn null into 0 or a number
    // into a string in the first branch tried, so the unions stay and are allowed once, here.
    ajv: { customOptions: { allowUnionTypes: true } },
  });
  registerErrorHandlers(app);
  await registerSecurity(app, { siteUrl, publicUrl });
  // PATCH bodies come as JSON merge patches (API Platform's convention).
  app.addContentTypeParser(
    'application/merge-patch+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  registerNegotiation(app);
  const limits = await registerRateLimits(app, rateLimitScale, redis);
  const background = backgroundTasks(() => app.log);
  app.decorate('backgroundTasks', background);
  const context: AppContext = {
    db,
    channelCode: CHANNEL_CODE,
    mediaUrl: `${publicUrl}/media/image`,
    mediaDir,
    notifier,
    staffToken,
    now,
    jwt,
    limits,
    background,
    mailer,
    siteUrl: siteUrl.replace(/\/$/, ''),
    publicUrl,
    staffEmail,
    paymentProvider: payments.active.provider,
    paymentProviders: payments.providers,
    paymentWebhooks: payments.webhooks,
    paymentTerms: payments.terms,
    lifecycle: { draining: false },
    // On the root app, before the routes: its hook sees every request.
    metrics: metricsToken ? { token: metricsToken, ...registerMetrics(app, db) } : undefined,
  };
  app.decorate('context', context);
  app.decorate('paymentProviders', context.paymentProviders);
  // The answer names the id its request was logged under (http/request-id.ts).
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Every committed change to parts made through this database reaches the storefront (decision 0011).
  const stopAnnouncing = onCatalogueChange(db, (change) => notifier.announce(change));
  app.addHook('onClose', async () => {
    await background.idle();
    stopAnnouncing();
    await notifier.flush();
  });
  // Every route as registered: the fuzz tests walk this list, so a new route is fuzzed without being listed.
  const routeList: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  app.decorate('routeList', routeList);
  for (const plugin of [
    healthRoutes,
    channelsRoutes,
    taxonsRoutes,
    productsRoutes,
    productVariantsRoutes,
    productImagesRoutes,
    countriesRoutes,
    shippingMethodsRoutes,
    adminProductsRoutes,
    authRoutes,
    customersRoutes,
    personalDataRoutes,
    addressesRoutes,
    ordersRoutes,
    withdrawalsRoutes,
    exportVehiclesRoutes,
    paymentsRoutes,
    paymentWebhooksRoutes,
    adminOrdersRoutes,
    adminExportVehiclesRoutes,
    // The active provider's own pages (the sandbox's checkout page): gone once another provider is chosen.
    ...(payments.active.routes ? [payments.active.routes] : []),
    ...(testRoutes ? [testDatabaseRoutes] : []),
  ]) {
    await app.register(plugin, context);
  }
  return app;
}

/**
 * The active provider (where new payments open, whose webhook is taken) and every provider payments may
 * have been opened with: the active one and those needing no settings (the sandbox, whose payments left
 * open before a switch are closed for free). Closing and refunds go to a payment's own provider.
 */
function buildPaymentProviders(
  registry: readonly PaymentProviderDefinition[],
  name: string,
  settings: PaymentSettings,
  publicUrl: string,
) {
  const chosen = definitionNamed(registry, name);
  if (!chosen) throw new Error(`unknown payment provider ${name}`);
  const active = chosen.build(settings, { publicUrl });
  const providers: Record<string, PaymentProvider> = {};
  const webhooks: Record<string, PaymentWebhook> = {};
  for (const definition of registry)
    if (definition !== chosen && !definition.realMoney)
      providers[definition.name] = definition.build(settings, { publicUrl }).provider;
  providers[chosen.name] = active.provider;
  if (active.webhook) webhooks[chosen.name] = active.webhook;
  const terms = {
    label: chosen.storefront.label,
    realMoney: Boolean(chosen.realMoney),
    checkoutOrigins: chosen.storefront.checkoutOrigins({ publicUrl }),
  };
  return { active, providers, webhooks, terms };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Method and URL pattern of every route of the shop API (fuzz tests). */
    routeList: { method: string; url: string }[];
    /** The application context, handed to the server's jobs (the payment sweep, retention). */
    context: AppContext;
    /** The payment providers of the app's context. */
    paymentProviders: AppContext['paymentProviders'];
    /** Work started after answers (tests wait for it with `idle()`). */
    backgroundTasks: BackgroundTasks;
  }
}
