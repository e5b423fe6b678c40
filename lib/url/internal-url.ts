/**
 * The absolute address of a rewrite inside this storefront, for `NextResponse.rewrite` in the proxy.
 * Next serves a rewrite itself only when its origin is the one Next listens on; the request's URL in
 * the proxy always says localhost, which matches a storefront listening on every interface or on
 * loopback (scripts/next-host.mjs gives Next `localhost` then). Listening on another interface
 * (STOREFRONT_HOST=10.0.0.5), the rewrite must name it, or Next fetches it again over HTTP.
 */
const LOOPBACK_OR_ANY = /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost|0\.0\.0\.0|::)$/i;

export function internalUrl(path: string, requestUrl: string, listeningHost = process.env.STOREFRONT_HOST): URL {
  const url = new URL(path, requestUrl);
  if (listeningHost && !LOOPBACK_OR_ANY.test(listeningHost)) {
    url.hostname = listeningHost.includes(':') ? `[${listeningHost}]` : listeningHost;
  }
  return url;
}
