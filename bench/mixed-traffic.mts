/**
 * The mixed traffic of `npm run bench:load` and of the cluster's failover tests: each autocannon
 * connection is a visitor who browses a family page (a different one each round), opens a part,
 * searches by words, adds the part to the cart through the page's own form (the server action, as a
 * browser without JavaScript posts it), reads the cart and removes the part again.
 */
import type autocannon from 'autocannon';

const WORDS = ['phare', 'alternateur', 'moteur', 'porte avant', 'retroviseur', 'demarreur', 'boite de vitesses'];

/** The family and sub-family pages the visitors go through, read from /pieces. */
export async function familyPages(shop: string): Promise<string[]> {
  const html = await (await fetch(`${shop}/pieces`)).text();
  const families = [
    ...new Set([...html.matchAll(/href="(\/pieces\/[a-z0-9-]+(?:\/[a-z0-9-]+)?)"/g)].map((m) => m[1]!)),
  ];
  if (families.length === 0) throw new Error('aucune famille dans /pieces');
  return families;
}

interface Visit {
  round: number;
  part?: string;
  cookie?: string;
  addAction?: string;
  variant?: string;
  removeAction?: string;
  item?: string;
  /** The kind of the request being answered (latencies by kind). */
  kind?: string;
}

const multipart = (fields: Record<string, string>) => {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
};

/** What a built request is, for the figures by kind. */
function kindOfRequest(method: string | undefined, path: string | undefined): string {
  if (path?.startsWith('/recherche')) return 'recherche';
  if (path?.startsWith('/pieces')) return 'famille';
  if (path?.startsWith('/piece/')) return method === 'POST' ? 'ajout au panier' : 'fiche';
  if (path?.startsWith('/panier')) return method === 'POST' ? 'retrait du panier' : 'panier';
  return 'accueil';
}

type Setup = (request: autocannon.Request, context: Visit) => autocannon.Request | null;
/**
 * Records in the visit which kind of request `setup` built. A null request makes autocannon start the
 * visit again from its first request (its types do not say so).
 */
const labelled =
  (setup: Setup) =>
  (request: autocannon.Request, context: object): autocannon.Request => {
    const built = setup(request, context as Visit);
    if (built) (context as Visit).kind = kindOfRequest(built.method, built.path);
    return built as autocannon.Request;
  };
/** A response handler reading and writing the visit. */
const reading =
  (read: (body: string, context: Visit, headers?: Record<string, string | string[] | undefined>) => void) =>
  (_status: number, body: string, context: object, headers?: Record<string, string | string[] | undefined>) =>
    read(body, context as Visit, headers);

/** The kind of the request an autocannon client was answered for. */
export const kindOf = (client: unknown) =>
  (client as { requestIterator?: { context?: Visit } }).requestIterator?.context?.kind ?? 'autre';

/** One visit's six requests, for autocannon's `requests`; `shop` is the Origin the forms are posted with. */
export function mixedTraffic(shop: string, families: string[]): autocannon.Request[] {
  let round = 0;
  return [
    {
      setupRequest: labelled((request, context) => {
        context.round = round++;
        return { ...request, method: 'GET', path: families[context.round % families.length]! };
      }),
      onResponse: reading((body, context) => {
        const parts = [...body.matchAll(/href="(\/piece\/P\d{7}\/[^"]+)"/g)].map((m) => m[1]!);
        context.part = parts[context.round % Math.max(1, parts.length)];
      }),
    },
    {
      setupRequest: labelled((request, context) =>
        context.part ? { ...request, method: 'GET', path: context.part } : null,
      ),
      onResponse: reading((body, context) => {
        context.addAction = body.match(/name="(\$ACTION_ID_[0-9a-f]+)"/)?.[1];
        context.variant = body.match(/name="variant" value="([^"]+)"/)?.[1];
      }),
    },
    {
      setupRequest: labelled((request, context) => ({
        ...request,
        method: 'GET',
        path: `/recherche?q=${encodeURIComponent(WORDS[context.round % WORDS.length]!)}`,
      })),
    },
    {
      // Adding to the cart: the part page's form, posted as a browser without JavaScript does (with its Origin).
      setupRequest: labelled((request, context) => {
        if (!context.addAction || !context.variant || !context.part)
          return { ...request, method: 'GET', path: '/panier' };
        const form = multipart({ [context.addAction]: '', variant: context.variant });
        return {
          ...request,
          method: 'POST',
          path: context.part,
          body: form.body,
          headers: {
            ...request.headers,
            origin: shop,
            'content-type': form.type,
            ...(context.cookie ? { cookie: context.cookie } : {}),
          },
        };
      }),
      onResponse: reading((_body, context, headers) => {
        // Header names as the server wrote them (Next writes `Set-Cookie`).
        const raw = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'set-cookie')?.[1];
        const cart = (Array.isArray(raw) ? raw : raw ? [raw] : [])
          .map((c) => c.split(';')[0]!)
          .find((c) => c.startsWith('shop_cart_token='));
        if (cart) context.cookie = cart;
      }),
    },
    {
      setupRequest: labelled((request, context) => ({
        ...request,
        method: 'GET',
        path: '/panier',
        headers: { ...request.headers, ...(context.cookie ? { cookie: context.cookie } : {}) },
      })),
      onResponse: reading((body, context) => {
        context.removeAction = body.match(/name="(\$ACTION_ID_[0-9a-f]+)"/)?.[1];
        context.item = body.match(/name="item" value="(\d+)"/)?.[1];
      }),
    },
    {
      setupRequest: labelled((request, context) => {
        if (!context.removeAction || !context.item) return { ...request, method: 'GET', path: '/' };
        const form = multipart({ [context.removeAction]: '', item: context.item });
        return {
          ...request,
          method: 'POST',
          path: '/panier',
          body: form.body,
          headers: { ...request.headers, origin: shop, 'content-type': form.type, cookie: context.cookie ?? '' },
        };
      }),
    },
  ];
}
