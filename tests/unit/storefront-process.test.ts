/**
 * The storefront process for the load balancer and the people on call (lib/ops): requests counted
 * while in flight and measured, readiness that goes first on SIGTERM, a drain that lets the last
 * answers finish, page-cache lookups counted, and /metrics behind METRICS_TOKEN.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as ready } from '@/app/health/ready/route';
import { GET as metricsRoute } from '@/app/metrics/route';
import { drain, lifecycle, watchRequests } from '@/lib/ops/lifecycle';
import { countCacheLookup, routeOf, storefrontMetrics } from '@/lib/ops/metrics.mjs';

const silent = pino({ level: 'silent' });

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A GET without keep-alive (fetch's pool would keep connections the drain then has to close). */
const get = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const call = httpRequest(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });

afterEach(() => {
  lifecycle().draining = false;
  lifecycle().servers.clear();
  vi.restoreAllMocks();
  delete process.env.METRICS_TOKEN;
});

describe('the storefront process', () => {
  it('names requests by a short fixed list of kinds, never by their address', () => {
    expect(routeOf('/')).toBe('accueil');
    expect(routeOf('/pieces/moteur/alternateur?page=2')).toBe('pieces');
    expect(routeOf('/mot-de-passe-oublie/jeton-secret')).toBe('mot-de-passe-oublie');
    expect(routeOf('/_next/static/chunks/a.js')).toBe('fichiers statiques');
    expect(routeOf('/api/session')).toBe('api/session');
    expect(routeOf('/livraison')).toBe('autre');
    expect(routeOf('/n-importe-quoi/123')).toBe('autre');
  });

  it('counts requests in flight and measures each by kind and status', async () => {
    watchRequests(silent);
    let release = () => {};
    const { server, url } = await listen((request, response) => {
      if (request.url === '/lent') release = () => response.end('fini');
      else response.end('ok');
    });
    const { requests } = storefrontMetrics();
    const countOf = async () =>
      (await requests.get()).values.find(
        (value) =>
          value.metricName?.endsWith('_count') && value.labels.route === 'pieces' && value.labels.status === '200',
      )?.value ?? 0;
    const before = await countOf();
    const inFlight = lifecycle().inFlight;
    const slow = get(`${url}/lent`);
    await vi.waitFor(() => expect(lifecycle().inFlight).toBe(inFlight + 1));
    expect(await get(`${url}/pieces/moteur`)).toBe(200);
    expect(await countOf()).toBe(before + 1);
    release();
    expect(await slow).toBe(200);
    expect(lifecycle().inFlight).toBe(inFlight);
    server.close();
  });

  it('logs each answer as one JSON line under the load balancer’s request id, with its kind of page, never its address', async () => {
    const lines: string[] = [];
    watchRequests(pino({ level: 'info' }, { write: (line: string) => lines.push(line) }));
    const { server, url } = await listen((_request, response) => response.end('ok'));
    const id = '3f2b8c4e-1d2a-4b5c-9e8f-0a1b2c3d4e5f';
    await new Promise<void>((resolve, reject) => {
      const call = httpRequest(`${url}/mot-de-passe-oublie/jeton-secret`, {
        agent: false,
        headers: { 'x-request-id': id },
      });
      call.on('response', (response) => response.resume().on('end', resolve));
      call.on('error', reject);
      call.end();
    });
    server.close();
    watchRequests(silent);
    const entry = JSON.parse(lines.find((line) => line.includes(id))!);
    expect(entry).toMatchObject({ reqId: id, method: 'GET', route: 'mot-de-passe-oublie', status: '200' });
    expect(lines.join('')).not.toContain('jeton-secret');
  });

  it('on SIGTERM: readiness answers 503 at once, the answers in flight finish, new connections are refused, then the process exits', async () => {
    watchRequests(silent);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    let release = () => {};
    const { server, url } = await listen((request, response) => {
      if (request.url === '/lent') release = () => response.end('fini');
      else response.end('ok');
    });
    expect((await ready()).status).toBe(200);
    const slow = get(`${url}/lent`);
    await vi.waitFor(() => expect(lifecycle().servers.has(server)).toBe(true));

    const drained = drain('SIGTERM', 200, silent);
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'draining' });
    // During the delay the load balancer may still send requests: they are answered.
    expect(await get(`${url}/pendant`)).toBe(200);
    await vi.waitFor(() => expect(server.listening).toBe(false), { timeout: 2000 });
    await expect(get(`${url}/apres`)).rejects.toThrow(/ECONNREFUSED/);
    expect(exit).not.toHaveBeenCalled();
    release();
    expect(await slow).toBe(200);
    await drained;
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('counts the page cache’s lookups by kind and result', async () => {
    const { pageCache } = storefrontMetrics();
    const valueOf = async (labels: Record<string, string>) =>
      (await pageCache.get()).values.find(
        (value) => value.labels.kind === labels.kind && value.labels.result === labels.result,
      )?.value ?? 0;
    const hits = await valueOf({ kind: 'app_page', result: 'hit' });
    const misses = await valueOf({ kind: 'fetch', result: 'miss' });
    countCacheLookup({ kind: 'APP_PAGE' }, { value: {} });
    countCacheLookup({ kind: 'FETCH' }, null);
    expect(await valueOf({ kind: 'app_page', result: 'hit' })).toBe(hits + 1);
    expect(await valueOf({ kind: 'fetch', result: 'miss' })).toBe(misses + 1);
  });

  it('serves /metrics only with METRICS_TOKEN, and only to its bearer', async () => {
    const call = (authorization?: string) =>
      metricsRoute(new Request('http://localhost/metrics', { headers: authorization ? { authorization } : {} }));
    const absent = await call();
    expect(absent.status).toBe(404);
    // A body: a browser opening the address gets an answer, not its own error page.
    expect(await absent.json()).toEqual({ error: 'not-found' });
    process.env.METRICS_TOKEN = 'jeton-des-mesures-de-24-caracteres-au-moins';
    expect((await call()).status).toBe(401);
    expect((await call('Bearer pas-le-bon-jeton-pas-le-bon-jeton-xx')).status).toBe(401);
    const answer = await call(`Bearer ${process.env.METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain('storefront_page_cache_lookups_total');
    expect(text).toContain('storefront_http_request_duration_seconds');
    expect(text).toContain('process_cpu_seconds_total');
  });
});
