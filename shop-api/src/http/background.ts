/**
 * Work done after the answer has gone (mails whose sending must not show in the answer's time).
 * Kept track of, so that closing the server waits for it and tests can wait until it is done.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  /** Starts `task` on the next turn of the event loop; a failure is logged, never thrown. */
  run(label: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far (and those they started) has ended. */
  idle(): Promise<void>;
}

export function backgroundTasks(log: () => FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log().error({ err: error }, `${label} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
