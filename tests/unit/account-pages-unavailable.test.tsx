/**
 * Account pages during a passing shop-API failure: each says so in French and shows what it could
 * read, never the error page ("Erreur 500"). The pages are rendered as Next renders server
 * components (async components awaited), against a real local HTTP server standing in for the shop
 * API, signed in.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => {
  const session = new Map([
    ['shop_token', 'live-token'],
    ['shop_refresh_token', 'refresh-1'],
    ['shop_customer', '7'],
  ]);
  return {
    headers: async () => new Headers(),
    cookies: async () => ({
      get: (name: string) => (session.has(name) ? { name, value: session.get(name)! } : undefined),
      has: (name: string) => session.has(name),
      // A page that renders cannot write cookies.
      set: () => {
        throw new Error('Cookies can only be modified in a Server Action or Route Handler.');
      },
      delete: () => {
        throw new Error('Cookies can only be modified in a Server Action or Route Handler.');
      },
    }),
  };
});
vi.mock('next-intl/server', () => {
  const messages = JSON.parse(readFileSync('messages/fr.json', 'utf8')) as Record<string, Record<string, string>>;
  return {
    getTranslations:
      async (namespace: string) =>
      (key: string, values: Record<string, string> = {}) =>
        (messages[namespace]?.[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ''),
  };
});
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  notFound: () => {
    throw new Error('not found');
  },
}));
vi.mock('next/link', () => ({
  default: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));
vi.mock('@/components/account/account-nav', () => ({ AccountNav: () => <nav>Menu du compte</nav> }));

/** What Next does with server components: every async component awaited, down the tree. */
async function resolved(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolved));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (typeof element.type === 'function')
    return resolved(await (element.type as (props: unknown) => ReactNode | Promise<ReactNode>)(element.props));
  const children = await resolved(element.props.children);
  // Passed one by one, as JSX passes static children (no keys needed).
  return cloneElement(element, undefined, ...(Array.isArray(children) ? children : [children]));
}
const html = async (page: Promise<ReactNode> | ReactNode) => renderToStaticMarkup(<>{await resolved(await page)}</>);

const UNAVAILABLE = /ne peut pas être affichée pour le moment/;

let server: Server;
/** The shop API's answers by path; anything else fails with 503. */
let working: Record<string, unknown>;

const reply = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname.replace('/api/v2/shop/', '');
    if (path in working) reply(response, 200, working[path]);
    else reply(response, 503, { 'hydra:description': 'Service Unavailable' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('SHOP_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const alice = {
  id: 7,
  email: 'alice@example.fr',
  firstName: 'Alice',
  lastName: 'Martin',
  fullName: 'Alice Martin',
  phoneNumber: null,
  group: 'individual',
  subscribedToNewsletter: false,
  defaultAddress: null,
};
beforeEach(() => {
  working = { 'customers/7': alice };
});

describe('account pages while the shop API fails for now', () => {
  it('/compte/commandes: the orders cannot be read; the page says so in French', async () => {
    const { default: OrdersPage } = await import('@/app/(account)/compte/commandes/page');
    const page = await html(OrdersPage());
    expect(page).toContain('<h1');
    expect(page).toContain('Commandes');
    expect(page).toMatch(UNAVAILABLE);
    expect(page).not.toMatch(/Erreur/);
  });

  it('/compte: the customer cannot be read; the page says so and still offers the account links', async () => {
    working = {};
    const { default: AccountPage } = await import('@/app/(account)/compte/page');
    const page = await html(AccountPage());
    expect(page).toContain('Mon compte');
    expect(page).toMatch(UNAVAILABLE);
    expect(page).toContain('href="/compte/commandes"');
  });

  it('/compte/adresses: the address book cannot be read; the customer could', async () => {
    working = { 'customers/7': alice, countries: [{ code: 'FR', name: 'France' }] };
    const { default: AddressesPage } = await import('@/app/(account)/compte/adresses/page');
    const page = await html(AddressesPage());
    expect(page).toMatch(UNAVAILABLE);
    expect(page).toContain('href="/compte/adresses/ajouter"');
  });

  it('/compte/commandes/<token>: the order cannot be read; the page says so with the way back', async () => {
    const { default: OrderPage } = await import('@/app/(account)/compte/commandes/[token]/page');
    const page = await html(
      OrderPage({ params: Promise.resolve({ token: 'abc123' }), searchParams: Promise.resolve({}) }),
    );
    expect(page).toMatch(UNAVAILABLE);
    expect(page).toContain('href="/compte/commandes"');
  });
});
