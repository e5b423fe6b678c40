/** Shops of their own that some journeys start, stop and kill (their own ports, data and build copy). */
import type { ChildProcess } from 'node:child_process';

/** Resolves once `url` answers 2xx; fails after 90 s. */
export async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

/** Kills the process and waits until it has exited. */
export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
