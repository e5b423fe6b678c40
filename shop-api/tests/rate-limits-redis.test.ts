/**
 * With REDIS_URL, every shop-API instance counts the same requests (@fastify/rate-limit's Redis store):
 * a ceiling is reached across instances, and the owner's exemptions (a known address) hold there too.
 */
import type { Redis } from 'ioredis';
import { limitsRedis } from '../src/http/rate-limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers/backends.js';
import { startRedis } from './helpers/redis.js';

const API = '/api/v2/shop';

describe('account limits shared through Redis', () => {
  let redisServer: Awaited<ReturnType<typeof startRedis>>;
  const clients: Redis[] = [];
  const shops: TestShop[] = [];
  beforeAll(async () => {
    redisServer = await startRedis();
    for (let i = 0; i < 2; i++) {
      const redis = limitsRedis(redisServer.url, () => {});
      clients.push(redis);
      shops.push(await startTestShop('pglite', 1, { redis }));
    }
  });
  afterAll(async () => {
    for (const shop of shops) await shop.close();
    for (const client of clients) client.disconnect();
    await redisServer?.stop();
  });

  const login = (shop: TestShop, email: string, ip: string) =>
    shop.app.inject({
      method: 'POST',
      url: `${API}/authentication-token`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'un-essai-de-trop' }),
      remoteAddress: ip,
    });

  it('counts one address’s failed sign-ins across both instances: the 21st is refused whichever answers', async () => {
    const [a, b] = shops as [TestShop, TestShop];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await login(i % 2 ? b : a, `robot-${i}@exemple.fr`, '192.0.2.50')).statusCode);
    expect(statuses).toEqual(Array(20).fill(401));
    // Each instance alone saw 10 (under its ceiling of 20); together they saw 20.
    const refused = await login(a, 'robot-20@exemple.fr', '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expect(JSON.stringify(refused.json())).toContain('Trop de tentatives');
    expect((await login(b, 'robot-21@exemple.fr', '192.0.2.50')).statusCode).toBe(429);
    // Another address is not concerned.
    expect((await login(b, 'robot-0@exemple.fr', '192.0.2.51')).statusCode).toBe(401);
  });

  it('a Redis down for a while refuses nobody: the sign-in is answered, uncounted', async () => {
    const [a] = shops as [TestShop];
    await redisServer.stop();
    const answer = await login(a, 'personne@exemple.fr', '192.0.2.60');
    expect(answer.statusCode).toBe(401);
  });
});
