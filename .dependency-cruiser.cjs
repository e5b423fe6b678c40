// The layers of both halves, checked by `npm run lint:layers` (decision 0030; ARCHITECTURE.md, "Where code
// goes"). Each rule's name is what a failing run prints. Tests and benches are not cruised: they may reach
// any layer. The one rule that depends on what is imported, not from where (a route reads from db/ but
// never writes), is ESLint's: see `route-writes-through-use-case` in eslint.config.mjs.

const API = '^shop-api/src/';
const STOREFRONT = '^(app|components|lib|stores)/|^proxy[.]ts$';
/** npm packages, whichever workspace's node_modules holds them. */
const npm = (names) => `(^|/)node_modules/(${names})/`;

/**
 * Temporary exceptions, for a move that takes several commits: each lets one file import one module
 * despite one rule (`{ rule, from, to }`, paths as regular expressions); delete an entry as soon as its
 * file no longer needs it. None today.
 */
const PENDING = [];

const list = (value) => (value === undefined ? [] : [value].flat());

/** Each rule as written, and, for each of its pending exceptions, the same rule without that one import. */
function withPending(rules) {
  return rules.flatMap((rule) => {
    const pending = PENDING.filter((entry) => entry.rule === rule.name);
    if (pending.length === 0) return [rule];
    return [
      { ...rule, from: { ...rule.from, pathNot: [...list(rule.from.pathNot), ...pending.map((entry) => entry.from)] } },
      ...pending.map((entry) => ({
        ...rule,
        from: { ...rule.from, path: entry.from },
        to: { ...rule.to, pathNot: [...list(rule.to.pathNot), entry.to] },
      })),
    ];
  });
}

module.exports = {
  forbidden: withPending([
    // ── Storefront: app → components → lib ──────────────────────────────────────────────────────────────
    {
      name: 'app-is-imported-by-nobody',
      comment:
        'app/ holds routes, the top of the storefront: pages call lib/ and render components/, and nothing ' +
        'outside app/ depends on a route (a component or a lib module that did would tie it to one page).',
      severity: 'error',
      from: { pathNot: '^app/' },
      to: { path: '^app/' },
    },
    {
      name: 'lib-imports-no-components',
      comment:
        'lib/ is reads, actions and plain rules; components/ render them. A lib module importing a component ' +
        'would turn the layers round and pull React UI into server code.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^components/' },
    },
    {
      name: 'lib-imports-no-stores',
      comment: 'stores/ is what the browser keeps, beside components/: lib/ (server and plain code) does not read it.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^stores/' },
    },
    {
      name: 'shop-api-gateway-imports-only-the-session',
      comment:
        'lib/shop-api/ is the one gateway to the shop API (decision 0013): it knows the transport and the ' +
        'contract, and of the domains only the session it is handed (lib/auth/server.ts callSession, ' +
        'lib/auth/tokens.ts the tokens). Domains call the gateway, never the reverse.',
      severity: 'error',
      from: { path: '^lib/shop-api/' },
      to: { path: '^lib/', pathNot: '^lib/(shop-api/|auth/server[.]ts$|auth/tokens[.]ts$)' },
    },
    {
      name: 'storefront-imports-no-shop-api-source',
      comment:
        'The storefront speaks only the shop contract over HTTP, so that it can run against a real Sylius: ' +
        'it shares no code with shop-api/.',
      severity: 'error',
      from: { path: STOREFRONT },
      to: { path: '^shop-api/' },
    },
    {
      name: 'shop-api-imports-no-storefront',
      comment: 'shop-api/ is a server of its own; what it shares with the storefront is the HTTP contract.',
      severity: 'error',
      from: { path: '^shop-api/' },
      to: { path: STOREFRONT },
    },

    // ── Shop API: routes → use-cases → db → domain ──────────────────────────────────────────────────────
    {
      name: 'domain-imports-no-database',
      comment: 'domain/ is rules without I/O, unit-tested without a database (ARCHITECTURE.md): no db/, no driver.',
      severity: 'error',
      from: { path: `${API}domain/` },
      to: { path: [`${API}db/`, npm('drizzle-orm|drizzle-kit|@electric-sql/pglite|pg|pg-[^/]+|postgres')] },
    },
    {
      name: 'domain-imports-no-http',
      comment:
        'domain/ decides; answering HTTP is the routes’ and http/’s job (a rule returns what is wrong, a route ' +
        'turns it into a refusal). No Fastify, no http/, no routes/, no HTTP client.',
      severity: 'error',
      from: { path: `${API}domain/` },
      to: {
        path: [
          `${API}(http|routes)/`,
          npm('fastify|@fastify/[^/]+|ky|undici|ajv-i18n'),
          '^(node:)?(http|https|http2|net)$',
        ],
      },
    },
    {
      name: 'domain-imports-no-mail',
      comment: 'domain/ sends nothing: mails are written by mail/ and sent by use cases.',
      severity: 'error',
      from: { path: `${API}domain/` },
      to: { path: [`${API}mail/`, npm('nodemailer|mailparser')] },
    },
    {
      name: 'domain-imports-no-payments',
      comment: 'domain/ knows no payment provider: providers are payments/’ folders (decision 0015).',
      severity: 'error',
      from: { path: `${API}domain/` },
      to: { path: [`${API}payments/`, npm('stripe')] },
    },
    {
      name: 'domain-imports-only-domain',
      comment:
        'Nor any other layer (use cases, serialisers, auth, jobs, the context): domain/ is the bottom, ' +
        'every other layer may use it.',
      severity: 'error',
      from: { path: `${API}domain/` },
      to: { path: API, pathNot: `${API}(domain|db|http|routes|mail|payments)/` },
    },
    {
      name: 'db-imports-no-upper-layer',
      comment:
        'db/ holds the SQL and answers rows; it is called by routes (reads), use cases and jobs, and calls only ' +
        'domain/, where var/ is (var-dir.ts) and the in-process catalogue announcer (notify/catalogue-events.ts, ' +
        'run after a commit). ' +
        'Never routes/, use-cases/, http/, mail/ or a payment provider.',
      severity: 'error',
      from: { path: `${API}db/` },
      to: { path: API, pathNot: `${API}(db|domain)/|${API}(notify/catalogue-events|var-dir)[.]ts$` },
    },
    {
      name: 'use-cases-import-no-routes',
      comment:
        'A use case is called by a route, a job, a command-line tool or the staff screens, without HTTP ' +
        '(decision 0014): it never reaches up into a route.',
      severity: 'error',
      from: { path: `${API}use-cases/` },
      to: { path: `${API}routes/` },
    },
    {
      name: 'only-the-app-imports-routes',
      comment:
        'Routes are the top: app.ts registers them, nothing else imports one, no route imports another ' +
        '(what two routes share lives in serialisers/, use-cases/ or http/; decision 0014).',
      severity: 'error',
      from: { pathNot: `${API}app[.]ts$` },
      to: { path: `${API}routes/` },
    },
    {
      name: 'only-the-server-imports-the-app',
      comment:
        'app.ts builds the context and registers every plugin; everything else receives the context ' +
        '(context.ts, types only), so nothing but server.ts imports app.ts (decision 0014).',
      severity: 'error',
      from: { pathNot: `${API}server[.]ts$` },
      to: { path: `${API}app[.]ts$` },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import the cruiser cannot resolve would hide from every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ]),
  options: {
    // Tests and benches may reach any layer; generated and run-time folders are not code.
    exclude: { path: '[.]test[.]tsx?$|^(tests|bench|var|[.]next[^/]*|[.]content-collections)/' },
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    // The storefront's `@/` paths; shop-api's `.js` specifiers resolve to their `.ts` sources.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.d.mts'],
    },
  },
};
