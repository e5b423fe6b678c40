/**
 * How the proxy's guards send a visitor elsewhere. No React, no server-only: the proxy bundles it.
 */
import { NextResponse, type NextRequest } from 'next/server';

/**
 * Sends the visitor to `target`. A page read is redirected (307). A POST to a page is a server action:
 * a 307 would make the browser post the same form again to `target`, where no such action is, and the
 * page would say nothing. A form posted without JavaScript gets 303 (the browser opens `target`); a call
 * from the page's script gets what Next answers for an action that redirects off the page: an empty body
 * with `x-action-redirect`, on which the page loads `target`.
 */
export function guardRedirect(request: NextRequest, target: URL): NextResponse {
  if (request.method !== 'POST') return NextResponse.redirect(target);
  if (request.headers.get('next-action') === null) return NextResponse.redirect(target, 303);
  return new NextResponse(null, {
    status: 200,
    headers: { 'content-type': 'text/plain', 'x-action-redirect': `${target.pathname}${target.search};push` },
  });
}
