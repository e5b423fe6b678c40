/**
 * The `-H` given to `next start` for the interface the storefront must listen on (STOREFRONT_HOST).
 * Next serves a proxy rewrite itself only when the rewrite's origin is the one it listens on, and it
 * writes every loopback address of a rewrite as `localhost`: listening on `-H 127.0.0.1`, each rewrite
 * (searches, listing pages, unknown parts) was fetched again over HTTP, and a search redirected to
 * itself (308). So a loopback interface is given to Next as `localhost`; any other address as it is
 * (lib/url/internal-url.ts puts it in the proxy's rewrites).
 */
const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i;

/** The `-H` argument for `host`, or undefined to listen on every interface. */
export function nextHost(host) {
  if (!host || host === '0.0.0.0' || host === '::') return undefined;
  return LOOPBACK.test(host) ? 'localhost' : host;
}
