/**
 * Hostile requests for the fuzz tests: for every route the app registered, requests with
 * broken, oversized or wrongly typed bodies, wrong content types, unicode edge cases, SQL and HTML
 * payloads, missing, expired and forged tokens, and other customers' ids. Deterministic (seeded).
 */
export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What makes it hostile, for the report. */
  kind: string;
  /** Set when the request reaches for another customer's resource with a valid token: never a success. */
  foreign?: boolean;
}

export interface FuzzActors {
  /** Valid token of customer B, who owns nothing that A owns. */
  tokenB: string;
  /** Signed with the right key but expired; signed with another key. */
  expiredToken: string;
  forgedToken: string;
  /** Ids and tokens of customer A's resources. */
  customerA: number;
  addressA: number;
  orderTokenA: string;
}

/** Mulberry32: a small seeded generator, so a failing request can be found again. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const HOSTILE_STRINGS = [
  "'",
  '"',
  "' OR '1'='1",
  '1; DROP TABLE orders; --',
  "1' UNION SELECT password_hash FROM customers --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\uFFFF',
  '\uD800',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚗',
  'é'.repeat(2000),
  'x'.repeat(20_000),
  '-1',
  '0',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '[]',
  '{}',
  '99999999999999999999999',
  ' ',
  '',
  '%',
  '%ZZ',
  '\r\nSet-Cookie: pris=1',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
];

const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  [],
  {},
  [[[[]]]],
  { $gt: '' },
  { __proto__: { admin: true } },
  ['a', 1, null],
  ...HOSTILE_STRINGS,
];

const FIELDS = [
  'email',
  'password',
  'firstName',
  'lastName',
  'phoneNumber',
  'group',
  'localeCode',
  'productVariant',
  'quantity',
  'billingAddress',
  'shippingAddress',
  'billingAddressId',
  'shippingAddressId',
  'licencePlates',
  'shippingMethod',
  'afterSuccessUrl',
  'afterCancelUrl',
  'refresh_token',
  'token',
  'newPassword',
  'confirmNewPassword',
  'currentPassword',
  'street',
  'city',
  'postcode',
  'countryCode',
  'soldAt',
];

const QUERY = [
  'page',
  'itemsPerPage',
  'order[price]',
  'order[createdAt]',
  'taxon',
  'productTaxons.taxon.code[]',
  'vehicle',
  'search',
  'tokenValue',
  'parentCode',
  'state',
  'translations.name',
];

/** Percent-encodes; a lone surrogate (which cannot be) goes as the invalid UTF-8 bytes a hostile client would send. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)]!;
}

function hostileObject(next: () => number, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = 1 + Math.floor(next() * 4);
  for (let i = 0; i < count; i++) {
    const field = pick(next, FIELDS);
    object[field] = depth < 2 && next() < 0.15 ? hostileObject(next, depth + 1) : pick(next, VALUES);
  }
  return object;
}

function deeplyNested(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** Routes of resources a customer owns: asked with another customer's id or token, they must refuse. */
const OWNED = /\/(customers|addresses|orders)\//;

/** `count` hostile requests spread over `routes`. */
export function hostileRequests(
  routes: { method: string; url: string }[],
  actors: FuzzActors,
  count: number,
  seed = 2026,
): HostileRequest[] {
  const next = random(seed);
  const requests: HostileRequest[] = [];
  for (let i = 0; i < count; i++) {
    const route = routes[i % routes.length]!;
    const kinds: string[] = [];
    let foreign = false;
    // Path parameters: hostile strings, or another customer's ids and tokens.
    const url = route.url.replace(/:(\w+)/g, (_match, name: string) => {
      if (OWNED.test(route.url) && next() < 0.3) {
        const own =
          name === 'token' || name === 'session'
            ? actors.orderTokenA
            : name === 'id' && route.url.includes('addresses')
              ? String(actors.addressA)
              : String(actors.customerA);
        foreign = true;
        kinds.push(`${name}=id d’un autre client`);
        return encodeURIComponent(own);
      }
      const value = pick(next, HOSTILE_STRINGS);
      kinds.push(`${name}=${JSON.stringify(value).slice(0, 20)}`);
      return encode(value) || '%20';
    });
    // Query string.
    let query = '';
    if (next() < 0.5) {
      const pairs: string[] = [];
      for (let q = 0; q < 1 + Math.floor(next() * 3); q++)
        pairs.push(`${encode(pick(next, QUERY))}=${encode(String(pick(next, VALUES)))}`);
      query = `?${pairs.join('&')}`;
      kinds.push('requête hostile');
    }
    // Who asks: nobody, customer B, an expired or forged token, garbage.
    const headers: Record<string, string> = {
      accept: pick(next, ['application/ld+json', 'application/json', '*/*', 'text/html', 'application/xml']),
    };
    const auth = next();
    if (auth < 0.3) {
      headers.authorization = `Bearer ${actors.tokenB}`;
      kinds.push('jeton de B');
    } else {
      foreign = false;
      if (auth < 0.45) {
        headers.authorization = `Bearer ${actors.expiredToken}`;
        kinds.push('jeton expiré');
      } else if (auth < 0.6) {
        headers.authorization = `Bearer ${actors.forgedToken}`;
        kinds.push('jeton forgé');
      } else if (auth < 0.7) {
        headers.authorization = pick(next, [
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${'x'.repeat(5000)}`,
          'Bearer a.b.c',
        ]);
        kinds.push('autorisation cassée');
      }
    }
    // Body.
    let payload: string | undefined;
    if (route.method !== 'GET' && route.method !== 'DELETE') {
      const shape = next();
      if (shape < 0.15) {
        payload = '{"email": "a@b.fr", "password": ';
        headers['content-type'] = 'application/json';
        kinds.push('JSON cassé');
      } else if (shape < 0.25) {
        payload = JSON.stringify(pick(next, VALUES));
        headers['content-type'] = 'application/json';
        kinds.push('JSON du mauvais type');
      } else if (shape < 0.3) {
        payload = JSON.stringify({ email: 'x'.repeat(300 * 1024) });
        headers['content-type'] = 'application/json';
        kinds.push('corps trop gros');
      } else if (shape < 0.35) {
        payload = deeplyNested(5000);
        headers['content-type'] = 'application/json';
        kinds.push('JSON imbriqué 5000 fois');
      } else if (shape < 0.45) {
        payload = JSON.stringify(hostileObject(next));
        headers['content-type'] = pick(next, [
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ]);
        kinds.push(`type ${headers['content-type']}`);
      } else if (shape < 0.5) {
        headers['content-type'] = 'application/json';
        payload = '';
        kinds.push('corps vide');
      } else {
        payload = JSON.stringify(hostileObject(next));
        headers['content-type'] = route.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
        kinds.push('champs hostiles');
      }
    }
    requests.push({
      method: route.method,
      url: url + query,
      headers,
      payload,
      kind: kinds.join(', ') || 'sans paramètre',
      foreign: foreign && Boolean(headers.authorization?.includes(actors.tokenB)),
    });
  }
  return requests;
}
