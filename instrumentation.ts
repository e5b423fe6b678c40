/**
 * Run once by Next when a server process starts: in the Node.js runtime, the storefront's lifecycle
 * (lib/ops/lifecycle.ts: figures, request log, drain on SIGTERM).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startLifecycle } = await import('./lib/ops/lifecycle');
  startLifecycle();
}
