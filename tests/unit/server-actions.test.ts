import { describe, expect, it } from 'vitest';
import { isCrossSiteAction } from '@/lib/security/server-actions';

describe('isCrossSiteAction', () => {
  const sentTo = (host: string, more: Record<string, string> = {}) => new Headers({ host, ...more });
  const direct = { forwardedHost: false };
  const behindProxy = { forwardedHost: true };
  it('lets a call from the page of this host through', () => {
    expect(isCrossSiteAction(sentTo('shop.example', { origin: 'https://shop.example' }), direct)).toBe(false);
    expect(isCrossSiteAction(sentTo('localhost:3000', { origin: 'http://localhost:3000' }), direct)).toBe(false);
    expect(isCrossSiteAction(sentTo('LOCALHOST:3000', { origin: 'http://localhost:3000' }), direct)).toBe(false);
  });
  it('believes the forwarded host only behind a trusted proxy', () => {
    const forwarded = sentTo('10.0.0.5:3000', {
      'x-forwarded-host': 'shop.example, 10.0.0.5',
      origin: 'https://shop.example',
    });
    expect(isCrossSiteAction(forwarded, behindProxy)).toBe(false);
    expect(isCrossSiteAction(forwarded, direct)).toBe(true);
    const written = sentTo('localhost:3000', { 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' });
    expect(isCrossSiteAction(written, direct)).toBe(true);
  });
  it('refuses another site, another port, a null, empty or unreadable origin', () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null', '', '::::', 'shop.example'])
      expect(isCrossSiteAction(sentTo('localhost:3000', { origin }), direct), origin).toBe(true);
  });
  it('lets a call without an origin through, unless the browser says it comes from another site', () => {
    expect(isCrossSiteAction(sentTo('localhost:3000'), direct)).toBe(false);
    expect(isCrossSiteAction(sentTo('localhost:3000', { 'sec-fetch-site': 'same-origin' }), direct)).toBe(false);
    for (const site of ['cross-site', 'same-site'])
      expect(isCrossSiteAction(sentTo('localhost:3000', { 'sec-fetch-site': site }), direct), site).toBe(true);
  });
});
