/**
 * Hostile requests for the storefront: every route handler, the proxy's guarded
 * and rewritten paths, and the server actions (by the Next-Action header as the client sends them,
 * and by the no-JavaScript form post), with the shop API's hostile strings. Deterministic (seeded).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, HOSTILE_STRINGS, random } from '../../../shop-api/tests/fuzz/hostile';

export interface StorefrontRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  kind: string;
}

/** A server action of the build, and a page it can be posted to. */
export interface BuildAction {
  name: string;
  id: string;
  path: string;
}

/** What the running shop gives away: its origin, and every server action with a page of its own. */
export interface StorefrontTargets {
  /** The shop's own origin, which browsers send with a form or an action call. */
  origin: string;
  actions: BuildAction[];
}

/**
 * Every server action of the build in `distDir` (Next's server reference manifest) and a page that
 * has it, its dynamic segments filled with a made-up value: what anyone can read in the pages.
 */
export function actionsOfBuild(distDir: string): BuildAction[] {
  const manifest = JSON.parse(readFileSync(join(distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string; workers: Record<string, unknown> }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const pages = Object.keys(entry.workers).map((worker) =>
      worker
        .replace(/^app/, '')
        .replace(/\/page$/, '')
        .replace(/\/\([^)]+\)/g, '')
        .replace(/\[[^\]]+\]/g, 'x'),
    );
    // A visitor's page first (the account and checkout pages send a visitor away before any action).
    const open = pages.filter((page) => !/^\/(compte|commande)(\/|$)/.test(page));
    const path = open.find((page) => !page.includes('/x')) ?? open[0] ?? pages.find((page) => !page.includes('/x'));
    return { name: entry.exportedName ?? id, id, path: path ?? pages[0] ?? '/' };
  });
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
        '/commande/paiement',
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
    // Server actions as the client calls them: the action's id in Next-Action, its arguments in the body
    // (React's reply format, JSON text), from the shop's page or from another site.
    () => {
      const action = pick(targets.actions);
      return {
        method: 'POST',
        // Its own page: on another, Next answers 409 and logs an error (left to Next: the proxy cannot
        // tell which page an address renders before its rewrites).
        path: action.path,
        headers: {
          'next-action': pick([action.id, action.id, action.id, headerHostile().slice(0, 200) || 'x', 'f'.repeat(42)]),
          'content-type': pick(['text/plain;charset=UTF-8', 'application/json', 'multipart/form-data; boundary=x']),
          cookie: cookies(),
          // As a browser sends it (Next warns of a call without one), or from elsewhere.
          origin: pick([targets.origin, targets.origin, 'null', 'https://ailleurs.example', headerHostile() || 'x']),
        },
        body: pick([
          JSON.stringify([hostile()]),
          JSON.stringify([hostile(), hostile()]),
          JSON.stringify([null, hostile()]),
          JSON.stringify([{ email: hostile(), password: hostile() }]),
          JSON.stringify([pick([-1, 0, 1.5, 1e300, true]), { firstName: hostile(), items: [hostile()] }]),
          JSON.stringify([{}, {}]),
          '[',
          hostile(),
          JSON.stringify([{ $$typeof: 'x' }]),
          '"$@1"',
          '["$@1"]',
          `["$n${hostile()}"]`,
          '['.repeat(5000) + ']'.repeat(5000),
        ]),
        kind: `action serveur (Next-Action) ${action.name}`,
      };
    },
    // The same with a FormData argument (multipart): the arguments in part 0, the form in parts `1_…`.
    () => {
      const action = pick(targets.actions);
      const form = multipart({
        '0': pick([
          '[null,"$K1"]',
          '["$K1"]',
          '[null,"$B1"]',
          '["$@1"]',
          '[{"a":"$1"}]',
          hostile(),
          JSON.stringify([hostile()]),
        ]),
        '1_variant': hostile(),
        '1_item': hostile(),
        '1_method': hostile(),
      });
      return {
        method: 'POST',
        path: action.path,
        headers: { 'next-action': action.id, 'content-type': form.type, cookie: cookies(), origin: targets.origin },
        body: form.body,
        kind: `action serveur (FormData) ${action.name}`,
      };
    },
    // Server actions as a browser without JavaScript posts the form.
    () => {
      const action = pick(targets.actions);
      const form = multipart({
        [`$ACTION_ID_${pick([action.id, action.id, hostile().slice(0, 60)])}`]: '',
        variant: hostile(),
        item: hostile(),
        method: hostile(),
        total: hostile(),
      });
      return {
        method: 'POST',
        path: action.path,
        headers: { 'content-type': form.type, cookie: cookies(), origin: targets.origin },
        body: form.body,
        kind: `formulaire sans JavaScript ${action.name}`,
      };
    },
  ];
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!());
}
