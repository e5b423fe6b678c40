import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { guardAccount } from '@/lib/auth/guard';
import { guardRedirect } from '@/lib/url/guard-redirect';
import { DEFAULT_RETURN_PATH, safeReturnPath, signInPath } from '@/lib/url/return-path';

/** Where a browser goes when told `Location: <path>` by a page of https://shop.example. */
const landing = (path: string) => new URL(path, 'https://shop.example/connexion');

describe('return path after sign-in', () => {
  it.each([
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/.//evil.example/phish',
    '/..//evil.example/phish',
    '/./\\evil.example',
    '/%2F/evil.example/phish',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5c/evil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/compte\\..\\..\\/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    '/javascript:alert(1)//x\\',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/phish',
    'http:evil.example',
    'https://shop.example/compte',
    '//shop.example@evil.example',
    'evil.example',
    '',
    `/${'a'.repeat(600)}`,
    '/compte\u0000',
    // Route handlers answer data (or a 405), never a page to land on.
    '/api/revalidate',
    '/api/session?x=1',
    '/pieces/../api/families',
    '/api',
  ])('refuses %j and falls back to the account', (value) => {
    const path = safeReturnPath(value);
    expect(path).toBe(DEFAULT_RETURN_PATH);
    expect(landing(path).origin).toBe('https://shop.example');
  });

  it.each([
    ['/compte', '/compte'],
    ['/compte/commandes/abc123', '/compte/commandes/abc123'],
    ['/commande/livraison?paiement=annule', '/commande/livraison?paiement=annule'],
    ['/recherche?q=phare%20avant&page=2', '/recherche?q=phare%20avant&page=2'],
    ['/pieces/moteur?tri=prix', '/pieces/moteur?tri=prix'],
    ['/compte/./adresses', '/compte/adresses'],
    ['/compte#profil', '/compte'],
  ])('keeps the shop path %j (query string included)', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('answers the fallback it is given, and nothing else than a path of the site for any input', () => {
    expect(safeReturnPath(null, '/commande')).toBe('/commande');
    expect(safeReturnPath(undefined)).toBe(DEFAULT_RETURN_PATH);
    // Every short string over the characters that matter: the answer always stays on the site.
    const alphabet = ['/', '\\', '.', '%2F', '%5C', '%2E', '\t', '\n', ':', '@', 'e', '?', '#'];
    const values = [''];
    for (let length = 0; length < 4; length += 1) {
      for (const value of values.splice(0)) for (const part of alphabet) values.push(value + part);
      for (const value of values) {
        const path = safeReturnPath(value);
        expect(path.startsWith('/') && !path.startsWith('//'), value).toBe(true);
        expect(landing(path).origin, value).toBe('https://shop.example');
        expect(landing(path).pathname.startsWith('//'), value).toBe(false);
      }
    }
  });
});

describe('sign-in address', () => {
  it('comes back to the page it names, and says so when the session ended', () => {
    expect(signInPath('/compte/commandes/abc?page=2')).toBe('/connexion?retour=%2Fcompte%2Fcommandes%2Fabc%3Fpage%3D2');
    expect(signInPath('/compte/profil', { sessionEnded: true })).toBe(
      '/connexion?retour=%2Fcompte%2Fprofil&session=terminee',
    );
    // What the sign-in page reads back is the page given.
    const read = new URL(signInPath('/commande/adresses', { sessionEnded: true }), 'https://shop.example').searchParams;
    expect(safeReturnPath(read.get('retour'))).toBe('/commande/adresses');
  });
});

describe('a guard sending the visitor elsewhere', () => {
  const target = new URL('https://shop.example/connexion?retour=%2Fcompte%2Fprofil');
  const request = (method: string, headers: Record<string, string> = {}) =>
    new NextRequest('https://shop.example/compte/profil', { method, headers });

  it('redirects a page read with 307', () => {
    const answer = guardRedirect(request('GET'), target);
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(target.href);
  });

  it('answers a form posted without JavaScript with 303, so the browser does not post it again elsewhere', () => {
    const answer = guardRedirect(request('POST', { 'content-type': 'multipart/form-data; boundary=x' }), target);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(target.href);
  });

  it('answers a call from the page’s script as Next answers an action that leaves the page', () => {
    const answer = guardRedirect(request('POST', { 'next-action': 'abc' }), target);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('x-action-redirect')).toBe('/connexion?retour=%2Fcompte%2Fprofil;push');
  });
});

describe('the account guard', () => {
  const signInFor = (path: string) =>
    guardAccount(new NextRequest(`https://shop.example${path}`))?.headers.get('location') ?? null;

  it('sends a visitor without a session to the sign-in page, coming back to the page asked for', () => {
    expect(signInFor('/compte/commandes?page=2')).toBe(`https://shop.example${signInPath('/compte/commandes?page=2')}`);
    expect(signInFor('/pieces/moteur')).toBeNull();
  });

  it('comes back from a file (the personal data download) to the page that links to it, not to the file', () => {
    expect(signInFor('/compte/donnees/telechargement')).toBe(`https://shop.example${signInPath('/compte/donnees')}`);
  });
});
