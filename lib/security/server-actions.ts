/**
 * The rules of a server action request that stand on HTTP alone: who sent it (Origin, Host,
 * Sec-Fetch-Site) and how big it is (Next's documented body limit). What Next and React write inside
 * a request is read in next-action-format.ts only. No server-only: the proxy (Node runtime) bundles it.
 */

/** Next's limit on a server action's body (serverActions.bodySizeLimit, not changed here): past it, Next answers 500. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Whether a server action comes from another site, by Next's own rule made stricter: an `Origin` must
 * name the host the request was sent to — `Host`, or the first `X-Forwarded-Host` only when a proxy
 * is trusted (`forwardedHost`: anyone can write that header). "null" (a sandboxed frame, a file), an
 * empty or unreadable origin are refused (Next fails on them with a 500). A call without `Origin` goes
 * on, as Next lets it (a hand-made request carries no one else's cookies), unless the browser says
 * it comes from another site (`Sec-Fetch-Site`).
 */
export function isCrossSiteAction(headers: Headers, { forwardedHost }: { forwardedHost: boolean }): boolean {
  const origin = headers.get('origin');
  if (origin === null) {
    const site = headers.get('sec-fetch-site');
    return site !== null && site !== 'same-origin' && site !== 'none';
  }
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = (forwardedHost && headers.get('x-forwarded-host')?.split(',')[0]?.trim()) || headers.get('host');
  return originHost !== host?.toLowerCase();
}
