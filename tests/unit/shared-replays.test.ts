/**
 * The replay memory of the revalidation calls, shared by the storefront instances in Redis (REDIS_URL):
 * a call taken by one instance is a replay for every other, for the call's window only.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayMemory, SharedReplays } from '@/lib/cache/shared-replays';
import { checkWebhook, ReplayGuard } from '@/lib/cache/webhook';
import { startRedis } from '../../shop-api/tests/helpers/redis';

vi.mock('server-only', () => ({}));

const secret = 'secret-de-revalidation-partage';
const now = Math.floor(Date.now() / 1000);
const call = (id: string, timestamp = now) => {
  const body = JSON.stringify({ id, events: [{ event: 'sold', codes: ['P0000001'] }] });
  const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return { secret, timestamp: String(timestamp), signature, body };
};

describe('revalidation calls shared by the storefront instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('refuses on one instance a call another took; a new call is taken', async () => {
    const first = new SharedReplays(redis.url);
    const second = new SharedReplays(redis.url);
    expect((await checkWebhook({ ...call('a'), now, replays: first })).ok).toBe(true);
    expect(await checkWebhook({ ...call('a'), now: now + 1, replays: second })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await checkWebhook({ ...call('b'), now, replays: second })).ok).toBe(true);
  });

  it('is Redis with REDIS_URL, this process’s memory without', () => {
    expect(replayMemory({ REDIS_URL: redis.url })).toBeInstanceOf(SharedReplays);
    expect(replayMemory({})).toBeInstanceOf(ReplayGuard);
  });

  it('refuses for now (503, the shop API sends it again) while Redis is unreachable', async () => {
    const unreachable = new SharedReplays('redis://127.0.0.1:1');
    expect(await checkWebhook({ ...call('c'), now, replays: unreachable })).toMatchObject({ ok: false, status: 503 });
  });
});
