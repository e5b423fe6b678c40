/**
 * The proxy reads what Next and React write for a server action (lib/security/next-action-format.ts),
 * formats they do not publish and may change with any upgrade: one change made the proxy refuse the
 * payment button without JavaScript. Here they are written by the React of the installed Next (its own
 * copy under next/dist/compiled, the one `next start` runs) and read back by React's own decoder, so an
 * upgrade that changes them fails here, before a shopper meets it (decision 0031).
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACTION_MANIFEST,
  formActionIds,
  formNamesServerAction,
  isReadableActionArguments,
} from '@/lib/security/next-action-format';

const require = createRequire(import.meta.url);
const COMPILED = join(dirname(require.resolve('next/package.json')), 'dist', 'compiled');

type Resolver = (request: string, ...rest: unknown[]) => string;
const modules = Module as unknown as { _resolveFilename: Resolver };

/**
 * Loads one of Next's compiled modules with React as Next resolves it for that layer: its own copy,
 * with the react-server build for the code that decodes actions (the layer server actions run in).
 */
function loadCompiled<T>(path: string, layer: 'ssr' | 'rsc'): T {
  const react = join(COMPILED, layer === 'rsc' ? 'react/react.react-server.js' : 'react');
  const reactDom = join(COMPILED, layer === 'rsc' ? 'react-dom/react-dom.react-server.js' : 'react-dom');
  const aliases: Record<string, string> = {
    react,
    'react-dom': reactDom,
    'next/dist/compiled/react': react,
    'next/dist/compiled/react-dom': reactDom,
  };
  const resolve = modules._resolveFilename;
  modules._resolveFilename = function (this: unknown, request, ...rest) {
    return resolve.call(this, aliases[request] ?? request, ...rest);
  };
  try {
    return require(join(COMPILED, path)) as T;
  } finally {
    modules._resolveFilename = resolve;
  }
}

type ReactModule = typeof import('react');
type ServerReference = ((...args: unknown[]) => Promise<unknown>) & { bind: (...args: unknown[]) => ServerReference };
interface FlightClient {
  createServerReference(id: string, callServer: () => Promise<unknown>): ServerReference;
  encodeReply(values: unknown[]): Promise<string | FormData>;
}
interface FlightServer {
  decodeAction(body: FormData, manifest: object): Promise<() => Promise<unknown[]>> | null;
  decodeReply(body: string | FormData, manifest: object): Promise<unknown[]>;
}

let React: ReactModule;
let renderToReadableStream: (element: unknown) => Promise<ReadableStream & { allReady: Promise<void> }>;
let client: FlightClient;
let server: FlightServer;

/** Two actions as the build names them (42 hex digits). */
const PAY = `60${'a1'.repeat(20)}`;
const ADD = `40${'b2'.repeat(20)}`;
/** The module React asked for each action it decoded: the id it read. */
const requested: string[] = [];
const manifest = Object.fromEntries(
  [PAY, ADD].map((id) => [id, { id: `module of ${id}`, name: 'action', chunks: [] }]),
);
const globals = globalThis as Record<string, unknown>;

beforeAll(() => {
  React = loadCompiled<ReactModule>('react', 'ssr');
  ({ renderToReadableStream } = loadCompiled<{ renderToReadableStream: typeof renderToReadableStream }>(
    'react-dom/server.node',
    'ssr',
  ));
  client = loadCompiled<FlightClient>('react-server-dom-turbopack/client.node', 'ssr');
  server = loadCompiled<FlightServer>('react-server-dom-turbopack/server.node', 'rsc');
  // What Next's server gives React to load an action's module.
  globals.__next_require__ = (moduleId: string) => {
    requested.push(moduleId);
    return { action: async (...args: unknown[]) => args };
  };
  globals.__next_chunk_load__ = async () => undefined;
});

afterAll(() => {
  delete globals.__next_require__;
  delete globals.__next_chunk_load__;
});

const reference = (id: string) => client.createServerReference(id, async () => undefined);

const ENTITIES: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** The form React renders on the server, as the browser without JavaScript posts it. */
async function servedForm(element: unknown): Promise<FormData> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  const html = await new Response(stream).text();
  const form = new FormData();
  for (const [, attributes] of html.matchAll(/<input ([^>]*)\/?>/g)) {
    const attribute = (name: string) =>
      attributes!.match(new RegExp(`${name}="([^"]*)"`))?.[1]?.replace(/&[#\w]+;/g, (entity) => ENTITIES[entity]!);
    form.append(attribute('name')!, attribute('value') ?? '');
  }
  return form;
}

/** The payment step's form (components/checkout/payment-start.tsx): its action bound to its state. */
function PaymentForm() {
  const [, start] = React.useActionState(reference(PAY) as never, null);
  return React.createElement(
    'form',
    { action: start },
    React.createElement('input', { type: 'hidden', name: 'total', value: 4200 }),
  );
}

/** A part page's add-to-cart form: its action called with the form alone. */
function AddForm() {
  return React.createElement(
    'form',
    { action: reference(ADD) },
    React.createElement('input', { type: 'hidden', name: 'variant', value: 'P0000001' }),
  );
}

/** The action React's decoder finds in a form posted without JavaScript, and the arguments it calls it with. */
async function decoded(form: FormData): Promise<{ id: string | undefined; args: unknown[] }> {
  requested.length = 0;
  const action = await server.decodeAction(form, manifest);
  const args = action ? await action() : [];
  return { id: requested[0]?.replace('module of ', ''), args };
}

describe('a form posted without JavaScript, as the installed Next renders it', () => {
  it("the payment step's bound form names its action, which the proxy reads as React does", async () => {
    const form = await servedForm(React.createElement(PaymentForm));
    expect(formNamesServerAction(form.keys())).toBe(true);
    expect(formActionIds(form)).toEqual([PAY]);
    const { id, args } = await decoded(form);
    expect(id).toBe(PAY);
    // Bound to its state (null), then the form the shopper sent.
    expect(args[0]).toBeNull();
    expect((args[1] as FormData).get('total')).toBe('4200');
  });

  it('a plain form names its action, which the proxy reads as React does', async () => {
    const form = await servedForm(React.createElement(AddForm));
    expect(formActionIds(form)).toEqual([ADD]);
    const { id, args } = await decoded(form);
    expect(id).toBe(ADD);
    expect((args[0] as FormData).get('variant')).toBe('P0000001');
  });
});

describe("a call from a hydrated page, as the installed Next's React encodes it", () => {
  it('a FormData argument (the forms of the shop) is a multipart body whose root part the proxy reads', async () => {
    const sent = new FormData();
    sent.append('total', '4200');
    const body = await client.encodeReply([null, sent]);
    expect(body).toBeInstanceOf(FormData);
    const root = (body as FormData).get('0');
    expect(typeof root).toBe('string');
    expect(isReadableActionArguments(root as string, { multipart: true })).toBe(true);
    const [state, form] = await server.decodeReply(body, manifest);
    expect(state).toBeNull();
    expect((form as FormData).get('total')).toBe('4200');
  });

  it('plain values, the special ones included, are a text body the proxy reads', async () => {
    const values = [
      { email: 'zoe@example.fr', password: '$ecret-42', note: '$5 en caisse', nothing: undefined },
      { when: new Date(0), big: 12n, nan: Number.NaN, negativeZero: -0, infinite: -Infinity },
      '/compte',
    ];
    const body = await client.encodeReply(values);
    expect(typeof body).toBe('string');
    expect(isReadableActionArguments(body as string, { multipart: false })).toBe(true);
    expect(await server.decodeReply(body, manifest)).toEqual(values);
  });
});

describe("the build's list of actions", () => {
  it('is the file the installed Next writes', () => {
    const { SERVER_DIRECTORY, SERVER_REFERENCE_MANIFEST } = require('next/dist/shared/lib/constants') as Record<
      string,
      string
    >;
    expect(ACTION_MANIFEST).toBe(join(SERVER_DIRECTORY!, `${SERVER_REFERENCE_MANIFEST}.json`));
  });

  const dirs: string[] = [];
  /** isKnownServerAction of a fresh process whose build wrote `manifest`. */
  async function knownIn(manifest: unknown) {
    const dist = mkdtempSync(join(tmpdir(), 'actions-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, ACTION_MANIFEST), JSON.stringify(manifest));
    vi.stubEnv('NEXT_DIST_DIR', dist);
    vi.resetModules();
    return (await import('@/lib/security/next-action-format')).isKnownServerAction;
  }
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('knows the actions of the build, by runtime', async () => {
    const known = await knownIn({
      node: { [PAY]: { workers: {} } },
      edge: { [ADD]: { workers: {} } },
      encryptionKey: 'k',
    });
    expect([known(PAY), known(ADD), known('deadbeef')]).toEqual([true, true, false]);
  });

  it('refuses nothing when the list is missing or laid out otherwise (Next decides)', async () => {
    for (const manifest of [{}, { node: [] }, { node: {}, edge: {} }, { actions: { [PAY]: {} } }, null, []])
      expect((await knownIn(manifest))('deadbeef'), JSON.stringify(manifest)).toBe(true);
  });
});

describe('formNamesServerAction', () => {
  it('finds the action of a form posted without JavaScript in its fields', () => {
    expect(formNamesServerAction(['$ACTION_ID_7f00', 'variant'])).toBe(true);
    expect(formNamesServerAction(['$ACTION_REF_1', '$ACTION_1:0', '$ACTION_KEY', 'email'])).toBe(true);
  });
  it('sees none in a plain form', () => {
    expect(formNamesServerAction(['variant', 'item'])).toBe(false);
    expect(formNamesServerAction(['ACTION_ID_7f00', 'x$ACTION_ID_'])).toBe(false);
  });
});

describe('formActionIds', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  it('reads the id of an action from its field name', () => {
    expect(formActionIds(form({ $ACTION_ID_40a77e: '', variant: 'P0000001' }))).toEqual(['40a77e']);
    expect(formActionIds(form({ variant: 'P0000001', $ACTION_KEY: 'k' }))).toEqual([]);
  });
  it('reads the id of an action whose arguments a form binds, as React writes it (the payment step)', () => {
    const bound = { $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '[null]' };
    expect(formActionIds(form({ ...bound, $ACTION_KEY: 'k0' }))).toEqual(['7f00ab']);
    expect(formActionIds(form({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"7f00ab","bound":null}' }))).toEqual([
      '7f00ab',
    ]);
  });
  it('gives null for a bound form React could not read (Next answered 500)', () => {
    const ref = { $ACTION_REF_1: '' };
    const refused: Record<string, string>[] = [
      ref,
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}' },
      { ...ref, '$ACTION_1:0': 'not json', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '["7f00ab"]', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":7,"bound":"$@1"}', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@2"}', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1","x":1}', '$ACTION_1:1': '[null]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '["$@2"]', '$ACTION_1:2': '[]' },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '[' + '['.repeat(100) },
      { ...ref, '$ACTION_1:0': '{"id":"7f00ab","bound":null}', '$ACTION_1:1': '[null]' },
      { $ACTION_REF_2: '', '$ACTION_1:0': '{"id":"7f00ab","bound":"$@1"}', '$ACTION_1:1': '[null]' },
    ];
    for (const fields of refused) expect(formActionIds(form(fields)), JSON.stringify(fields)).toBeNull();
  });
});

describe('isReadableActionArguments', () => {
  const text = (body: string) => isReadableActionArguments(body, { multipart: false });
  const multipart = (root: string) => isReadableActionArguments(root, { multipart: true });
  it('reads the arguments React sends: a JSON array of plain values', () => {
    for (const body of [
      '[]',
      '[{"email":"a@b.fr","password":"x"},"/compte"]',
      '[null,{"firstName":"Zoé","items":["1","2"],"professional":false}]',
      '["$$5 en caisse","$undefined","$D2026-11-25T10:00:00.000Z","$n12","$NaN","$-0","$-Infinity"]',
    ])
      expect(text(body), body).toBe(true);
  });
  it('reads a FormData argument only in a multipart body, whose other parts hold it', () => {
    expect(multipart('[null,"$K1"]')).toBe(true);
    expect(multipart('[{"ok":false,"messages":["$$x"]},"$K2"]')).toBe(true);
    expect(text('[null,"$K1"]')).toBe(false);
  });
  it('refuses what is not JSON, not an array, or points at a part React would fail to find or read', () => {
    for (const body of [
      '',
      '[',
      'not json',
      '"$@1"',
      '{"a":1}',
      '1',
      '["$@1"]',
      '[{"a":["$1"]}]',
      '["$Q2"]',
      '["$B1"]',
      '["$nope"]',
      '["$K"]',
      '\ufeff[]',
      JSON.stringify(Array.from({ length: 17 }, () => 'x')),
    ]) {
      expect(text(body), body).toBe(false);
      expect(multipart(body), body).toBe(false);
    }
  });
  it('refuses arguments nested deeper than any form, without running out of stack itself', () => {
    expect(text('['.repeat(32) + ']'.repeat(32))).toBe(true);
    expect(text('['.repeat(34) + ']'.repeat(34))).toBe(false);
    const depth = 200_000;
    expect(text('['.repeat(depth) + ']'.repeat(depth))).toBe(false);
    expect(text('{"a":'.repeat(depth) + '1' + '}'.repeat(depth))).toBe(false);
  });
});
