/**
 * The application context: what buildApp (app.ts) assembles once and hands to every route plugin, use
 * case and job. Types only, so any module may import it without importing the app and its routes.
 */
import type { Db } from './db/client.js';
import type { JwtService } from './auth/jwt.js';
import type { Mailer } from './mail/mailer.js';
import type { BackgroundTasks } from './http/background.js';
import type { Limits } from './http/rate-limits.js';
import type { PaymentProvider, PaymentWebhook } from './payments/provider.js';
import type { StorefrontNotifier } from './notify/storefront.js';
import type { Registry } from 'prom-client';

/** What every route plugin receives. */
export interface AppContext {
  db: Db;
  channelCode: string;
  /** Absolute URL of the image files, e.g. http://localhost:8000/media/image. */
  mediaUrl: string;
  /** Folder where generated image files are kept. */
  mediaDir: string;
  /** Pushes cache invalidations to the storefront. */
  notifier: StorefrontNotifier;
  /** Bearer token of staff operations; staff routes are off without it. */
  staffToken?: string;
  /** The clock (tests move it). */
  now: () => Date;
  jwt: JwtService;
  limits: Limits;
  /** Work done after the answer (mails that must not show in its time). */
  background: BackgroundTasks;
  mailer: Mailer;
  /** Public URL of the storefront: links in mails, allowed payment return URLs. */
  siteUrl: string;
  /** Public URL of this server (sandbox checkout pages). */
  publicUrl: string;
  /** The yard's inbox (quote requests). */
  staffEmail: string;
  /** Where new payments open. */
  paymentProvider: PaymentProvider;
  /** Every provider payments may have been opened with, by name: closing checkouts and refunds go to a payment's own. */
  paymentProviders: Readonly<Record<string, PaymentProvider>>;
  /** The webhook readers of the providers that have one, by name (`/payment-webhooks/<name>`). */
  paymentWebhooks: Readonly<Record<string, PaymentWebhook>>;
  /** What the storefront must know of the provider payments open with (the channel's `paymentProvider`). */
  paymentTerms: PaymentTerms;
  /** Set when the process is stopping: readiness answers 503, so the load balancer sends nothing more. */
  lifecycle: { draining: boolean };
  /** `/metrics`: its bearer token and what it reads; absent (no METRICS_TOKEN), no metrics are served. */
  metrics?: { token: string; registry: Registry };
}

/** The provider payments open with, as the storefront learns it from the channel (decision 0029). */
interface PaymentTerms {
  /** Its name for shoppers, in French. */
  label: string;
  /** False only for the demonstration provider: the storefront shows its banner on every page. */
  realMoney: boolean;
  /** Where the shopper's browser goes to pay: the storefront's CSP lets its payment form lead there. */
  checkoutOrigins: string[];
}
