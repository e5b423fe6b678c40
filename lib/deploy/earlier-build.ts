/**
 * A page loaded before a deploy whose code meets the new build (issue: skew between builds): a server
 * action the new build does not know (`UnrecognizedActionError`: an action renamed or moved; unchanged
 * actions keep their ids, which hash the shared NEXT_SERVER_ACTIONS_ENCRYPTION_KEY with the file and
 * the export), or a chunk of the old build no longer served (`ChunkLoadError`). Client navigations need
 * nothing: Next loads the page in full when the deployment id differs. For these two, the error pages
 * reload the page once, so that the shopper gets the new build instead of an error; at most once per
 * 10 seconds (the spec's chunk-reload TTL), so a build that keeps failing shows the error page.
 */
const EARLIER_BUILD_ERRORS = new Set(['UnrecognizedActionError', 'ChunkLoadError']);
const RELOADED_AT_KEY = 'shop_reloaded_for_new_build_at';
export const RELOAD_TTL_MS = 10_000;

export function isFromEarlierBuild(error: { name?: string; message?: string }): boolean {
  return (
    EARLIER_BUILD_ERRORS.has(error.name ?? '') ||
    /Server Action "[^"]*" was not found on the server|Failed to load chunk/.test(error.message ?? '')
  );
}

/** Whether to reload now; records the reload. Storage unavailable (private mode): never, the error page shows. */
export function reloadAllowed(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  try {
    const last = Number(storage.getItem(RELOADED_AT_KEY));
    if (Number.isFinite(last) && now - last < RELOAD_TTL_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
