/**
 * Hostile requests for the storefront (issue 6, point 4): every route handler, the proxy's guarded
 * and rewritten paths, and the server actions (by the Next-Action header as the client sends them,
 * and by the no-JavaScript form post), with the shop API's hostile strings. Deterministic (seeded).
 */
import { encode, HOSTILE_STRINGS, random } from '../../../shop-api/tests/fuzz/hostile';

export interface StorefrontRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  kind: string;
}

/** What a real page gives away: a part page and its add-to-cart action, the cart's remove action. */
export interface StorefrontTargets {
  partPath: string;
  addAction: string | null;
  removeAction: string | null;
  signInAction: string | null;
}

/** Header values must be visible ASCII: the hostile strings a client can put in a header. */
const HEADER_SAFE = HOSTILE_STRINGS.filter((value) => /^[\x20-\x7e]*$/.test(value) && value.length < 4000);

export function storefrontHostileRequests(targets: StorefrontTargets, count: number, seed = 7): StorefrontRequest[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const hostile = () => pick(HOSTILE_STRINGS);
  const headerHostile = () => pick(HEADER_SAFE);
  const cookies = () =>
    pick([
      '',
      `shop_token=${encode(hostile())}; shop_refresh_token=${encode(hostile())}`,
      'shop_token=a.b.c; shop_refresh_token=x',
      `shop_cart_token=${encode(hostile())}`,
      `shop_vehicle=${encode(hostile())}`,
      `shop_customer=1; shop_token=eyJhbGciOiJub25lIn0.eyJleHAiOjk5OTk5OTk5OTl9.`,
    ]);
  const multipart = (fields: Record<string, string>) => {
    const body =
      Object.entries(fields)
        .map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + '--x--\r\n';
    return { body, type: 'multipart/form-data; boundary=x' };
  };
  const makers: (() => StorefrontRequest)[] = [
    () => ({ method: 'GET', path: `/api/families?taxon=${encode(hostile())}`, headers: {}, kind: 'families' }),
    () => ({
      method: 'GET',
      path: `/api/parts?taxon=${encode(hostile())}&vehicle=${encode(hostile())}&page=${encode(hostile())}&tri=${encode(hostile())}`,
      headers: {},
      kind: 'parts',
    }),
    () => ({ method: 'GET', path: `/api/vehicles?parent=${encode(hostile())}`, headers: {}, kind: 'vehicles' }),
    () => ({ method: 'GET', path: '/api/session', headers: { cookie: cookies() }, kind: 'session' }),
    () => ({
      method: pick(['POST', 'PUT', 'DELETE']),
      path: pick(['/api/brands', '/api/families', '/api/session', '/api/parts']),
      headers: {},
      kind: 'mauvaise méthode',
    }),
    () => ({
      method: 'POST',
      path: '/api/revalidate',
      body: pick(['{"tags":["listings"]}', '{"tags":', JSON.stringify({ tags: [hostile()] }), hostile()]),
      headers: {
        'content-type': pick(['application/json', 'text/plain']),
        'x-shop-signature': pick(['', 'sha256=00', `sha256=${'a'.repeat(64)}`, headerHostile()]),
        'x-shop-timestamp': pick([String(Date.now()), '0', headerHostile()]),
      },
      kind: 'revalidate forgé',
    }),
    () => ({ method: 'GET', path: `/sitemaps/${encode(hostile())}`, headers: {}, kind: 'sitemap' }),
    () => ({
      method: 'GET',
      path: `/pieces/${encode(hostile())}?page=${encode(hostile())}&tri=${encode(hostile())}`,
      headers: {},
      kind: 'listing',
    }),
    () => ({ method: 'GET', path: `/piece/${encode(hostile())}/${encode(hostile())}`, headers: {}, kind: 'fiche' }),
    () => ({ method: 'GET', path: `/recherche?q=${encode(hostile())}`, headers: {}, kind: 'recherche' }),
    () => ({
      method: 'GET',
      path: `/connexion?retour=${encode(hostile())}`,
      headers: { cookie: cookies() },
      kind: 'retour',
    }),
    () => ({
      method: 'GET',
      path: pick([
        '/compte',
        '/compte/commandes',
        `/compte/commandes/${encode(hostile())}`,
        `/compte/adresses/${encode(hostile())}`,
        '/commande/adresses',
        '/commande/stripe',
        '/commande/valide',
        '/panier',
      ]),
      headers: { cookie: cookies() },
      kind: 'pages gardées',
    }),
    () => ({
      method: 'GET',
      path: pick([
        '/compte/donnees',
        '/compte/donnees/telechargement',
        `/compte/commandes/${encode(hostile())}/retractation`,
        `/compte/commandes/${encode(hostile())}?retractation=${encode(hostile())}`,
      ]),
      headers: { cookie: cookies() },
      kind: 'droits du client',
    }),
    () => ({
      method: pick(['GET', 'POST']),
      path: pick([
        '/politique-de-confidentialite.pdf',
        '/compte-supprime',
        `/politique-de-confidentialite.pdf?${encode(hostile())}`,
      ]),
      headers: {},
      kind: 'pages légales',
    }),
    () => ({ method: 'GET', path: `/verification/${encode(hostile())}`, headers: {}, kind: 'vérification' }),
    () => ({ method: 'GET', path: `/mot-de-passe-oublie/${encode(hostile())}`, headers: {}, kind: 'réinitialisation' }),
    // Server actions as the client calls them: an action id in Next-Action, arguments in the body.
    () => ({
      method: 'POST',
      path: pick([targets.partPath, '/panier', '/connexion', '/']),
      headers: {
        'next-action': pick([
          targets.addAction ?? 'x',
          targets.removeAction ?? 'x',
          targets.signInAction ?? 'x',
          headerHostile().slice(0, 200) || 'x',
          'f'.repeat(42),
        ]),
        'content-type': pick(['text/plain;charset=UTF-8', 'application/json', 'multipart/form-data; boundary=x']),
        cookie: cookies(),
      },
      body: pick([
        JSON.stringify([hostile()]),
        JSON.stringify([{ email: hostile(), password: hostile() }]),
        '[',
        hostile(),
        JSON.stringify([{ $$typeof: 'x' }]),
        '"$@1"',
      ]),
      kind: 'action serveur (Next-Action)',
    }),
    // Server actions as a browser without JavaScript posts the form.
    () => {
      const action = pick([targets.addAction, targets.removeAction]);
      const form = multipart({ ...(action ? { [action]: '' } : {}), variant: hostile(), item: hostile() });
      return {
        method: 'POST',
        path: pick([targets.partPath, '/panier']),
        headers: { 'content-type': form.type, cookie: cookies() },
        body: form.body,
        kind: 'formulaire sans JavaScript',
      };
    },
  ];
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!());
}
