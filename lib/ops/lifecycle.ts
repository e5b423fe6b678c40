/**
 * The storefront process as the load balancer and the people on call see it (instrumentation.ts
 * starts it in the Node.js server):
 * - every request is counted while in flight, measured into the figures (metrics.mjs) and, with
 *   LOG_LEVEL=info, logged as one JSON line (pino) under the load balancer's request id — its kind
 *   of page, not its address, which can carry a reset or confirmation token;
 * - on SIGTERM or SIGINT, when the process is started with NEXT_MANUAL_SIG_HANDLE=1 (`npm start` and
 *   `npm run start:cluster` do; Next's own handler would exit at once), it drains: /health/ready
 *   answers 503 for DRAIN_DELAY_MS (the load balancer's checks take it out of rotation), then the
 *   server stops taking connections and the process exits once the requests in flight have been
 *   answered (30 s at most).
 * The state lives on globalThis: the readiness route is bundled apart from this module's first copy.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { requestIdOf } from '@/lib/shop-api/request-id';
import { routeOf, storefrontMetrics } from './metrics.mjs';

interface Lifecycle {
  draining: boolean;
  inFlight: number;
  servers: Set<Server>;
  /** Where each answered request is logged (info level); set by the first watchRequests. */
  log: Logger | null;
}

const KEY = Symbol.for('shop.storefront.lifecycle');
/** Requests still unanswered this long after the drain began are cut: the process must end. */
const MAX_DRAIN_MS = 30_000;

export function lifecycle(): Lifecycle {
  const global = globalThis as unknown as Record<symbol, Lifecycle | undefined>;
  global[KEY] ??= { draining: false, inFlight: 0, servers: new Set(), log: null };
  return global[KEY];
}

interface RequestStart {
  request: IncomingMessage;
  response: ServerResponse;
  server: Server;
}

/** Counts, measures and logs (to the latest `log` given) the requests of this process's HTTP servers (Next's among them). */
export function watchRequests(log: Logger): void {
  const state = lifecycle();
  const watching = state.log !== null;
  state.log = log;
  if (watching) return;
  const { requests } = storefrontMetrics();
  // Published by Node's HTTP server for every request, before any listener (Next's) sees it.
  subscribe('http.server.request.start', (message) => {
    const { request, response, server } = message as RequestStart;
    state.servers.add(server);
    state.inFlight += 1;
    const started = process.hrtime.bigint();
    // `close` comes whether the answer was finished or the client went away. Next listens to it too,
    // up to Node's warning threshold: this one listener more is counted in.
    response.setMaxListeners(response.getMaxListeners() + 1);
    response.once('close', () => {
      state.inFlight -= 1;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(request.url);
      const status = response.writableFinished ? String(response.statusCode) : 'abandon';
      requests.observe({ route, method: request.method ?? 'GET', status }, seconds);
      if (state.log?.isLevelEnabled('info')) {
        const id = requestIdOf({ get: (name) => request.headers[name] as string | null });
        state.log.info({
          reqId: id ?? undefined,
          method: request.method,
          route,
          status,
          ms: Math.round(seconds * 1000),
        });
      }
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Readiness first, then no new connection, then the last answers, then exit. */
export async function drain(signal: string, drainDelayMs: number, log: Logger): Promise<void> {
  const state = lifecycle();
  if (state.draining) return;
  state.draining = true;
  log.warn({ signal, inFlight: state.inFlight }, 'arrêt demandé : la vitrine ne prend plus de nouvelles requêtes');
  await sleep(drainDelayMs);
  for (const server of state.servers) server.close();
  const deadline = Date.now() + MAX_DRAIN_MS;
  while (state.inFlight > 0 && Date.now() < deadline) await sleep(20);
  log.flush();
  process.exit(0);
}

/** The storefront's logger: JSON lines on stdout, LOG_LEVEL (default `warn`, as the shop API's). */
const createLogger = () =>
  pino({ level: process.env.LOG_LEVEL || 'warn', base: { service: 'storefront', pid: process.pid } });

/** Watches the requests and, if Next leaves the signals to us, drains on SIGTERM and SIGINT. */
export function startLifecycle(): void {
  const log = createLogger();
  watchRequests(log);
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) return;
  const drainDelayMs = Number(process.env.DRAIN_DELAY_MS) || 0;
  process.once('SIGTERM', () => void drain('SIGTERM', drainDelayMs, log));
  process.once('SIGINT', () => void drain('SIGINT', drainDelayMs, log));
}
