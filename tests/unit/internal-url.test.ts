import { describe, expect, it } from 'vitest';
import { internalUrl } from '@/lib/url/internal-url';
import { nextHost } from '@/scripts/next-host.mjs';

describe('a rewrite inside the storefront stays inside it', () => {
  it('names the interface Next listens on when it is not loopback, so that Next serves it itself', () => {
    const request = 'http://localhost:4111/recherche?q=phare';
    expect(internalUrl('/recherche/~1~cGhhcmU', request, '10.0.0.5').href).toBe(
      'http://10.0.0.5:4111/recherche/~1~cGhhcmU',
    );
    expect(internalUrl('/_not-found', request, 'fd00::5').href).toBe('http://[fd00::5]:4111/_not-found');
  });

  it('stays on localhost when Next listens on loopback or on every interface', () => {
    const request = 'http://localhost:3000/pieces/moteur?page=2';
    for (const host of [undefined, '0.0.0.0', '127.0.0.1', '::1', 'localhost'])
      expect(internalUrl('/pieces/moteur/~2~', request, host).href).toBe('http://localhost:3000/pieces/moteur/~2~');
  });

  it('gives Next `localhost` for a loopback interface (Next writes loopback rewrites as localhost)', () => {
    expect(nextHost('127.0.0.1')).toBe('localhost');
    expect(nextHost('::1')).toBe('localhost');
    expect(nextHost('localhost')).toBe('localhost');
    expect(nextHost('10.0.0.5')).toBe('10.0.0.5');
    expect(nextHost(undefined)).toBeUndefined();
    expect(nextHost('0.0.0.0')).toBeUndefined();
  });
});
