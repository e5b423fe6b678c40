/**
 * Security headers and CORS of the shop API. Its answers are JSON for the storefront's
 * server, images for the storefront's image optimizer, and the sandbox payment page for browsers:
 * nothing may frame it, scripts never run in it, and only the storefront's origin may read it from
 * a browser.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurity(
  app: FastifyInstance,
  { siteUrl, publicUrl }: { siteUrl: string; publicUrl: string },
) {
  const siteOrigin = new URL(siteUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        // The sandbox page's own <style>; no script anywhere.
        styleSrc: ["'unsafe-inline'"],
        imgSrc: ["'self'"],
        // The sandbox's buttons post here, then send the browser back to the shop.
        formAction: ["'self'", siteOrigin],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
    },
    // Photos are read by the storefront's image optimizer and by crawlers, never embedded from elsewhere.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    hsts: publicUrl.startsWith('https://') ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  await app.register(cors, {
    origin: [siteOrigin],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: false,
    maxAge: 600,
  });
}
