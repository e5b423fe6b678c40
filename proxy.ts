import { NextResponse, type NextRequest } from 'next/server';
import { resolveListingQuery } from '@/lib/catalogue/listing-url';
import { findRedirect } from '@/lib/seo/redirects';

/**
 * Runs before every page: applies the SEO team's redirects (external targets leave the site) and
 * turns listing parameters (?page=&tri=) into cached static routes.
 * The auth and checkout guards of spec §6 join here.
 */
export function proxy(request: NextRequest) {
  const rule = findRedirect(request.nextUrl.pathname);
  if (rule) {
    const target = rule.external ? new URL(rule.to) : new URL(rule.to, request.url);
    if (!rule.external) target.search = request.nextUrl.search;
    return NextResponse.redirect(target, rule.status);
  }
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === '/pieces' || pathname.startsWith('/pieces/')) {
    const outcome = resolveListingQuery(pathname, searchParams);
    if (outcome.kind === 'redirect') return NextResponse.redirect(new URL(outcome.to, request.url), 301);
    if (outcome.kind === 'rewrite') return NextResponse.rewrite(new URL(outcome.to, request.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|api/|favicon.svg|logo.svg|badges/|.*\\.pdf$).*)'],
};
