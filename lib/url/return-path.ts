/**
 * Where to go back after signing in (`?retour=`): a path of this site, or the fallback. The one reader of
 * every `retour` (the proxy's guard, the sign-in page and its action), so that no caller can be fooled
 * differently, and the one writer of the sign-in address. No React, no server-only: the proxy bundles it.
 */
export const DEFAULT_RETURN_PATH = '/compte';
/** Longer than any page of the shop: not a return path, and it would only bloat the redirect. */
export const MAX_RETURN_PATH = 512;
export const SIGN_IN_PATH = '/connexion';
export const RETURN_PARAM = 'retour';
/** `?session=terminee`: the sign-in page says the session ended and what was sent was not recorded. */
export const SESSION_ENDED = { param: 'session', value: 'terminee' } as const;

/**
 * The sign-in page, coming back to `back` afterwards. `sessionEnded` when a session the shopper had was
 * refused while they used it (a form sent after it ended, a token the shop API no longer takes).
 */
export function signInPath(back: string, options: { sessionEnded?: boolean } = {}): string {
  const query = new URLSearchParams({ [RETURN_PARAM]: back });
  if (options.sessionEnded) query.set(SESSION_ENDED.param, SESSION_ENDED.value);
  return `${SIGN_IN_PATH}?${query}`;
}

/** A stand-in origin: whatever resolves elsewhere than here would leave the shop. */
const ORIGIN = 'https://shop.invalid';
/**
 * Refused anywhere in the value: controls (the URL parser drops tabs and newlines, so `/\t/evil` becomes
 * `//evil`) and backslashes (browsers read `\` as `/`).
 */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;
/** Encoded separators: no page of the shop has one, and a later decoding would turn them into `//`. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * `value` resolved against the site: its path and query string when it stays on the site, else `fallback`.
 * The URL parser does the resolving (dot segments, encodings), then the result is checked again, since
 * `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as another host.
 */
export function safeReturnPath(value: string | null | undefined, fallback = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTER.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}`;
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//') || ENCODED_SEPARATOR.test(url.pathname))
    return fallback;
  // A page, never a route handler (`/api/…`): its answer is data or a 405, not somewhere to land.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return fallback;
  // What the browser will make of the answer must be the very page checked here.
  const landing = new URL(path, ORIGIN);
  return landing.origin === ORIGIN && `${landing.pathname}${landing.search}` === path ? path : fallback;
}

/**
 * `/compte/session?retour=`: where a page sends the shopper when the shop API refused a token that
 * looked live; it renews the session or ends it, then goes back or to the sign-in page.
 */
export const sessionCheckPath = (back: string) => `/compte/session?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
