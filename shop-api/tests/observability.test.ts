/**
 * What the load balancer and the people on call read: liveness, readiness (which a stopping process
 * fails first) and Prometheus metrics behind their own token, labelled by route pattern, never by URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/queue.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';

const API = '/api/v2/shop';
const METRICS_TOKEN = 'jeton-de-prometheus-pour-les-tests-000';

describe.each(BACKENDS)('health and metrics on %s', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(backend, 5, { metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const get = (url: string, token?: string) =>
    shop.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('is live and ready; a stopping process is no longer ready, yet still live and still answering', async () => {
    expect((await get('/health/live')).statusCode).toBe(200);
    expect((await get('/health/ready')).statusCode).toBe(200);
    shop.app.context.lifecycle.draining = true;
    try {
      const ready = await get('/health/ready');
      expect([ready.statusCode, ready.json().status]).toEqual([503, 'arrêt en cours']);
      expect((await get('/health/live')).statusCode).toBe(200);
      // Requests already routed here are still served while the balancer takes notice.
      expect((await get(`${API}/taxons`)).statusCode).toBe(200);
    } finally {
      shop.app.context.lifecycle.draining = false;
    }
  });

  it('serves Prometheus metrics only with its token: requests by route pattern, parts held, payments by state', async () => {
    const cart = (await shop.app.inject({ method: 'POST', url: `${API}/orders`, payload: {} })).json().tokenValue;
    await get(`${API}/orders/${cart}`);
    await get(`${API}/products?itemsPerPage=3`);
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', 'un-autre-jeton-de-trente-caracteres')).statusCode).toBe(401);
    const answer = await get('/metrics', METRICS_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/shop\/orders\/:token",status="200"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/shop\/products",status="200"\} 1/,
    );
    // A cart's token is a secret: it never becomes a label.
    expect(text).not.toContain(cart);
    expect(text).toMatch(/^shop_parts_held 0$/m);
    expect(text).toContain('# TYPE shop_payments gauge');
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it('counts background jobs by queue and state: a sweep running, a retention run waiting', async () => {
    let finish = () => {};
    const running = new Promise<void>((resolve) => (finish = resolve));
    const jobs = await startJobs({
      database: shop.database,
      handlers: { 'payment-sweep': () => running, 'account-retention': async () => {} },
      onError: () => {},
      pollingIntervalSeconds: 0.5,
      scheduled: false,
    });
    try {
      await jobs.boss.send('payment-sweep');
      let text = '';
      for (
        let tries = 0;
        tries < 100 && !/shop_jobs\{queue="payment-sweep",state="active"\} 1/.test(text);
        tries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        text = (await get('/metrics', METRICS_TOKEN)).body;
      }
      expect(text).toMatch(/^shop_jobs\{queue="payment-sweep",state="active"\} 1$/m);
      // The run every start queues, a minute later.
      expect(text).toMatch(/^shop_jobs\{queue="account-retention",state="created"\} 1$/m);
    } finally {
      finish();
      await jobs.stop(2000);
    }
  });

  it('logs each request under the load balancer’s id when it is a UUID, and answers with it', async () => {
    const id = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const given = await shop.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': id } });
    expect(given.headers['x-request-id']).toBe(id);
    const junk = await shop.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'x'.repeat(300) },
    });
    expect(junk.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const none = await shop.app.inject({ method: 'GET', url: '/health/live' });
    expect(none.headers['x-request-id']).not.toBe(junk.headers['x-request-id']);
  });

  it('has no metrics route without a token set', async () => {
    const bare = await startTestShop(backend, 1);
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
