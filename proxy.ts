import { NextResponse, type NextRequest } from 'next/server';
import { resolveListingQuery } from '@/lib/catalogue/listing-url';
import { PART_PAGE_PREFIX } from '@/lib/catalogue/parts';
import { resolveSearchQuery, SEARCH_PATH } from '@/lib/catalogue/search-url';
import { partStatus } from '@/lib/catalogue/part-status';
import { isSoldPartGone, soldPartPageDays } from '@/lib/catalogue/sold';
import { findRedirect } from '@/lib/seo/redirects';
import { guardAccount } from '@/lib/auth/guard';
import { proxyHops } from '@/lib/shop-api/client-address';
import { renewSession } from '@/lib/auth/renew-session';
import { guardCheckout } from '@/lib/checkout/guard';
import { proxySecurityHeaders } from '@/lib/security/page-headers';
import {
  formActionIds,
  formNamesServerAction,
  isKnownServerAction,
  isReadableActionArguments,
} from '@/lib/security/next-action-format';
import { ACTION_BODY_LIMIT_BYTES, isCrossSiteAction } from '@/lib/security/server-actions';
import { safeDecode } from '@/lib/url/decode';
import { internalUrl } from '@/lib/url/internal-url';

/**
 * Runs before every page: applies the SEO team's redirects (external targets leave the site), turns
 * listing parameters (?page=&tri=) and searches (?q=&page=) into cached static routes, renews an expired session (an access
 * token past its life, with the refresh token) before any page or action, guards the account pages,
 * answers 404 for part addresses that name no part and 410 Gone for parts sold longer ago than
 * SOLD_PART_PAGE_DAYS, and guards the checkout (empty cart → /panier). Server actions Next would answer
 * 500 (an unknown action, a body over its limit, a call from another site) and forms naming no action
 * are refused here, in French. Every answer gets the page security headers.
 */
/** Longer addresses name nothing of this shop (part pages are the longest, under 300 characters). */
const MAX_URL_LENGTH = 2048;

/** A refusal in French, as plain text (whoever posts without JavaScript sees it as is). */
const plainText = (message: string, status: number, headers: Record<string, string> = {}) =>
  new NextResponse(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/** An action this build does not have (made up, or from a page older than the build). */
const ACTION_GONE = () => plainText('Cette action n’existe plus : rechargez la page.', 404);

/** A call whose arguments React could not read (Next would answer 500). */
const UNREADABLE = () => plainText('Cette demande est illisible : rechargez la page.', 400);

/** Pages and actions go on with the request as the proxy left it (renewed session cookies). */
type Forward = { request: { headers: Headers } } | undefined;

async function route(request: NextRequest, forward: Forward): Promise<NextResponse> {
  // Refused before anything echoes them back (a redirect would repeat them in two headers).
  if (request.nextUrl.pathname.length + request.nextUrl.search.length > MAX_URL_LENGTH) {
    return plainText('Adresse trop longue.', 414);
  }
  // A path that is not valid percent-encoded UTF-8 names nothing here (Next would fail decoding it).
  if (safeDecode(request.nextUrl.pathname) === null) return plainText('Adresse invalide.', 400);
  const rule = findRedirect(request.nextUrl.pathname);
  if (rule) {
    const target = rule.external ? new URL(rule.to) : new URL(rule.to, request.url);
    if (!rule.external) target.search = request.nextUrl.search;
    return NextResponse.redirect(target, rule.status);
  }
  const { pathname, searchParams } = request.nextUrl;
  const guarded = guardAccount(request);
  if (guarded) return guarded;
  const checkout = await guardCheckout(request);
  if (checkout) return checkout;
  if (pathname === '/pieces' || pathname.startsWith('/pieces/')) {
    const outcome = resolveListingQuery(pathname, searchParams);
    if (outcome.kind === 'redirect') return NextResponse.redirect(new URL(outcome.to, request.url), 301);
    if (outcome.kind === 'rewrite') return NextResponse.rewrite(internalUrl(outcome.to, request.url), forward);
  }
  if (pathname === SEARCH_PATH || pathname.startsWith(`${SEARCH_PATH}/`)) {
    const outcome = resolveSearchQuery(pathname, searchParams);
    if (outcome.kind === 'redirect') return NextResponse.redirect(new URL(outcome.to, request.url), 308);
    if (outcome.kind === 'rewrite') return NextResponse.rewrite(internalUrl(outcome.to, request.url), forward);
  }
  if (pathname.startsWith(`${PART_PAGE_PREFIX}/`)) {
    const code = safeDecode(pathname.split('/')[2] ?? '');
    const status = code ? await partStatus(code) : undefined;
    // The proxy already asks the shop API about this part (sale date): an unknown code or a wrong name
    // is answered here, so the part page does not render for it (the page cache keeps no 404 or
    // redirect anyway: lib/cache/page-cache-handler.mjs).
    if (status?.kind === 'unknown')
      return NextResponse.rewrite(internalUrl('/_not-found', request.url), { status: 404 });
    if (status?.kind === 'known') {
      if (
        status.soldAt &&
        isSoldPartGone(status.soldAt, new Date(), soldPartPageDays(process.env.SOLD_PART_PAGE_DAYS))
      ) {
        return NextResponse.rewrite(internalUrl('/piece-vendue', request.url), { status: 410 });
      }
      if (pathname !== status.path) return NextResponse.redirect(new URL(status.path, request.url), 308);
    }
  }
  return NextResponse.next(forward);
}

/**
 * A POST to a page is a server action. What Next would answer with a 500 or in English is refused here,
 * in French, before anything else runs: a refused call must not even renew the session (a refresh
 * token spent for a call from another site would log the shopper out when the browser spends it again).
 */
async function refusedAction(request: NextRequest): Promise<NextResponse | null> {
  // Next answers 500 to an action past its body limit, declared or sent in chunks (then counted as read).
  const tooBig = () => plainText('Formulaire trop volumineux : 1 Mo au plus.', 413);
  if (Number(request.headers.get('content-length') ?? 0) > ACTION_BODY_LIMIT_BYTES) return tooBig();
  // Called from a hydrated page: the action's id in Next-Action. One this build does not have (made
  // up, or from a page older than the build): Next would answer 500.
  const calledAction = request.headers.get('next-action');
  if (calledAction !== null && !isKnownServerAction(calledAction)) return ACTION_GONE();
  const contentType = request.headers.get('content-type') ?? '';
  const isForm = contentType.startsWith('multipart/form-data');
  // Neither a form nor an action call: Next answers 405 in English to a POST to a page.
  if (!isForm && calledAction === null) {
    return plainText('Cette page ne reçoit pas de formulaire.', 405, { allow: 'GET, HEAD' });
  }
  // A page's script sends an action's arguments as text, or as a form when one of them is a FormData;
  // any other body (urlencoded, JSON) made Next answer 500.
  if (calledAction !== null && !isForm && !contentType.startsWith('text/plain')) return UNREADABLE();
  const body = await request.clone().arrayBuffer();
  if (body.byteLength > ACTION_BODY_LIMIT_BYTES) return tooBig();
  if (isForm) {
    // A form posted to a page (a server action without JavaScript) must at least be a form, and
    // name an action of this build: otherwise Next answers in English and logs a stack.
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData().catch(() => null);
    if (!form) return plainText('Formulaire illisible.', 400);
    if (calledAction !== null) {
      // A hydrated call with a FormData argument: the arguments are the root part, the form the others.
      const root = form.get('0');
      if (typeof root !== 'string' || !isReadableActionArguments(root, { multipart: true })) return UNREADABLE();
    } else {
      if (!formNamesServerAction(form.keys())) {
        return plainText('Ce formulaire ne correspond à aucune action de la boutique : rechargez la page.', 400);
      }
      const ids = formActionIds(form);
      if (ids === null) return UNREADABLE();
      if (!ids.every(isKnownServerAction)) return ACTION_GONE();
    }
  } else if (
    !isReadableActionArguments(new TextDecoder('utf-8', { ignoreBOM: true }).decode(body), { multipart: false })
  ) {
    return UNREADABLE();
  }
  // Sent from another site (or from nowhere one can name): Next refuses it too, but as a 500.
  if (isCrossSiteAction(request.headers, { forwardedHost: proxyHops() > 0 })) {
    return plainText('Ce formulaire a été envoyé depuis un autre site : la boutique ne l’accepte pas.', 403);
  }
  return null;
}

/**
 * Every page answer carries the security headers decided at run time (CSP, HSTS over https), once per
 * process: the settings they follow do not change while it runs (lib/security/page-headers.ts).
 */
export async function proxy(request: NextRequest) {
  // First of all, an action call Next would fail on is refused; then a session whose access token has
  // expired is renewed (guards, pages and actions see the new tokens; the browser gets them with
  // whatever answer follows).
  const refused = request.method === 'POST' ? await refusedAction(request) : null;
  const renewal = refused
    ? null
    : await renewSession(request, { siteUrl: process.env.SITE_URL || 'http://localhost:3000' });
  const response = refused ?? (await route(request, renewal ? { request: { headers: request.headers } } : undefined));
  renewal?.(response);
  for (const [name, value] of await proxySecurityHeaders(process.env)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|api/|health/|metrics$|favicon.svg|logo.svg|badges/|.*\\.pdf$).*)'],
};
