import { NextResponse, type NextRequest } from 'next/server';
import { clearSession, readSession } from '@/lib/auth/server';
import { customerCall } from '@/lib/shop-api/server';
import { storefrontConfig } from '@/lib/config/server';
import { safeReturnPath, signInPath } from '@/lib/url/return-path';

/**
 * GET /compte/session?retour=<path>: where a page sends the shopper when the shop API refused a token
 * that looks live (a session ended elsewhere: new password or e-mail, sign-out, erased account). A
 * page cannot write cookies; here the session is asked again where it can: a refused access token is
 * renewed once, and a refused refresh token ends the session, so the sign-in page does not send the
 * shopper straight back (a redirect loop). A session that still works just goes back.
 */
export async function GET(request: NextRequest) {
  const back = safeReturnPath(request.nextUrl.searchParams.get('retour'));
  const to = (path: string) => NextResponse.redirect(new URL(path, storefrontConfig().siteUrl), 303);
  const { customerId } = await readSession();
  const answer = customerId ? await customerCall('GET', `customers/${encodeURIComponent(customerId)}`) : null;
  if (answer && answer.status === 200) return to(back);
  // The shop API is unreachable: the page says so itself, rather than ending a session that may be fine.
  if (answer && (answer.status >= 500 || answer.status === 0)) return to(back);
  await clearSession();
  return to(signInPath(back, { sessionEnded: true }));
}
