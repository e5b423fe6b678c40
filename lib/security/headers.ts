/**
 * Security headers of the storefront. No React, no server-only: next.config.ts and the
 * proxy import it.
 *
 * The Content-Security-Policy is an allow-list, not nonces: catalogue pages are prerendered and
 * served from cache, so a per-request nonce cannot be in their HTML, and Next's inline bootstrap
 * scripts (the RSC payload) change with every page, so hashes cannot be listed ahead. Scripts may
 * only come from this origin or be inline; never from elsewhere, never through eval (except in
 * `next dev`, whose React needs it).
 */
export interface CspOptions {
  /** Origin of the embedded contact form (CONTACT_FORM_URL), if any. */
  contactFormUrl?: string;
  /**
   * Where the payment step may send the browser: the checkout origins of the provider payments open
   * with, as the shop API's channel says (lib/payment/rules.ts). After a form post, form-action also
   * governs redirects.
   */
  paymentOrigins?: readonly string[];
  development?: boolean;
  /** https SITE_URL: upgrade stray http requests. */
  https?: boolean;
}

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function contentSecurityPolicy(options: CspOptions): string {
  const contactForm = originOf(options.contactFormUrl);
  const paymentOrigins = (options.paymentOrigins ?? []).flatMap((url) => originOf(url) ?? []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-inline'", ...(options.development ? ["'unsafe-eval'"] : [])]],
    // next/image and React set style attributes; Tailwind's CSS is a file of this origin.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Every photo goes through /_next/image on this origin; data: for tiny placeholders.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(options.development ? ['ws:'] : [])]],
    ['frame-src', contactForm ? [contactForm] : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'", ...paymentOrigins]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Headers every response carries, whatever its type (pages, scripts, images, API routes). */
export const STATIC_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** Two years, subdomains included: only ever sent by a shop served over https. */
const HSTS = 'max-age=63072000; includeSubDomains; preload';

/**
 * The headers of a page response, decided at run time (SITE_URL, CONTACT_FORM_URL can change without a
 * build; the payment's checkout origins are learned from the shop API: lib/security/page-headers.ts).
 */
export function pageSecurityHeaders(
  env: Record<string, string | undefined>,
  payment: { checkoutOrigins: readonly string[] },
): Record<string, string> {
  const https = (env.SITE_URL ?? '').startsWith('https://');
  return {
    'Content-Security-Policy': contentSecurityPolicy({
      contactFormUrl: env.CONTACT_FORM_URL,
      paymentOrigins: payment.checkoutOrigins,
      development: env.NODE_ENV === 'development',
      https,
    }),
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
