import 'server-only';
import { createClient } from 'redis';
import { MAX_WEBHOOK_AGE_SECONDS, ReplayGuard, type Replays } from './webhook';

/** Keys of the calls taken, apart from the page cache's. */
const KEY_PREFIX = 'storefront:revalidate-calls:';

/**
 * The calls every storefront instance has taken, in Redis (REDIS_URL): a call is taken by the instance
 * whose `SET … NX` writes its key first, and the key lives as long as the call's window, so a replay
 * sent to any instance is refused. Redis unreachable: the call is refused for now (503), and the shop
 * API sends it again.
 */
export class SharedReplays implements Replays {
  private client: ReturnType<typeof createClient> | undefined;
  private connecting: Promise<unknown> | undefined;

  constructor(private readonly url: string) {}

  private async connected() {
    if (!this.client) {
      this.client = createClient({
        url: this.url,
        socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 1000) },
        // A command while disconnected fails at once instead of waiting in a queue.
        disableOfflineQueue: true,
      });
      this.client.on('error', () => {});
      // It keeps reconnecting by itself; a call never waits for it more than a second.
      this.connecting = this.client.connect().catch(() => {});
    }
    if (!this.client.isReady)
      await Promise.race([this.connecting, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    return this.client;
  }

  async take(signature: string, timestamp: number, now: number): Promise<'taken' | 'replay' | 'full'> {
    try {
      const client = await this.connected();
      const seconds = Math.max(1, timestamp + MAX_WEBHOOK_AGE_SECONDS - now + 1);
      const written = await client.set(`${KEY_PREFIX}${signature}`, '1', { NX: true, EX: seconds });
      return written === 'OK' ? 'taken' : 'replay';
    } catch {
      return 'full';
    }
  }
}

/** The replay memory of this storefront: shared in Redis with REDIS_URL, this process's otherwise. */
export function replayMemory(env: Record<string, string | undefined> = process.env): Replays {
  return env.REDIS_URL ? new SharedReplays(env.REDIS_URL) : new ReplayGuard();
}
