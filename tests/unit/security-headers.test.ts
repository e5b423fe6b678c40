import { describe, expect, it } from 'vitest';
import { sessionCookieOptions } from '@/lib/auth/tokens';
import { contentSecurityPolicy, pageSecurityHeaders, STATIC_SECURITY_HEADERS } from '@/lib/security/headers';

const directive = (csp: string, name: string) =>
  csp.split('; ').find((part) => part.startsWith(`${name} `) || part === name);

describe('storefront security headers', () => {
  it('allows scripts from the shop only, never eval in production', () => {
    const csp = contentSecurityPolicy({});
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(contentSecurityPolicy({ development: true })).toContain("'unsafe-eval'");
  });

  it('opens frames to the contact form and form posts to the payment provider’s checkout origins only', () => {
    const csp = contentSecurityPolicy({
      contactFormUrl: 'https://forms.example.com/f/123?x=1',
      paymentOrigins: ['https://paiement.banque-essai.test'],
    });
    expect(directive(csp, 'frame-src')).toBe('frame-src https://forms.example.com');
    expect(directive(csp, 'form-action')).toBe("form-action 'self' https://paiement.banque-essai.test");
    // No provider is known to the storefront itself: without the shop API's word, its own origin only.
    expect(directive(contentSecurityPolicy({}), 'form-action')).toBe("form-action 'self'");
    // A setting that is not a URL opens nothing.
    expect(directive(contentSecurityPolicy({ contactFormUrl: 'pas une url' }), 'frame-src')).toBe("frame-src 'none'");
  });

  it('sends HSTS and upgrades requests only for a shop served over https', () => {
    const payment = { checkoutOrigins: ['https://paiement.banque-essai.test'] };
    const production = pageSecurityHeaders({ SITE_URL: 'https://boutique.fr', NODE_ENV: 'production' }, payment);
    expect(production['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(production['Content-Security-Policy']).toContain('upgrade-insecure-requests');
    const local = pageSecurityHeaders({ SITE_URL: 'http://localhost:3000', NODE_ENV: 'production' }, payment);
    expect(local['Strict-Transport-Security']).toBeUndefined();
    expect(local['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(local['Content-Security-Policy']).toContain("form-action 'self' https://paiement.banque-essai.test");
  });

  it('hardens every response', () => {
    expect(Object.fromEntries(STATIC_SECURITY_HEADERS.map(({ key, value }) => [key, value]))).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});

describe('cookie flags', () => {
  it('keeps tokens from scripts and other sites, and off plain http in production', () => {
    expect(sessionCookieOptions('https://boutique.fr')).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
    });
    expect(sessionCookieOptions('http://localhost:3000')).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
    });
  });
});
