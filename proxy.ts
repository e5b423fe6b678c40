import { NextResponse, type NextRequest } from 'next/server';
import { findRedirect } from '@/lib/seo/redirects';

/**
 * Runs before every page: applies the SEO team's redirects (external targets leave the site).
 * The auth and checkout guards of spec §6 join here.
 */
export function proxy(request: NextRequest) {
  const rule = findRedirect(request.nextUrl.pathname);
  if (rule) {
    const target = rule.external ? new URL(rule.to) : new URL(rule.to, request.url);
    if (!rule.external) target.search = request.nextUrl.search;
    return NextResponse.redirect(target, rule.status);
  }
  return NextResponse.next();
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|api/|favicon.svg|logo.svg|badges/|.*\\.pdf$).*)'],
};
