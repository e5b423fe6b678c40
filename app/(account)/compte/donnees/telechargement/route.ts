import { NextResponse } from 'next/server';
import { readSession } from '@/lib/auth/server';
import { customerCall } from '@/lib/shop-api/server';
import { storefrontConfig } from '@/lib/config/server';
import { signInPath } from '@/lib/url/return-path';
import { text } from '@/lib/i18n/answers';

/**
 * GET /compte/donnees/telechargement: every piece of data the shop keeps about the signed-in customer
 * (RGPD art. 15 and 20), as a JSON file. Never cached; the proxy already checked the session.
 */
export async function GET() {
  const { customerId } = await readSession();
  if (!customerId)
    return NextResponse.redirect(new URL(signInPath('/compte/donnees'), storefrontConfig().siteUrl), 303);
  const answer = await customerCall<Record<string, unknown>>(
    'GET',
    `customers/${customerId}/personal-data`,
    undefined,
    { refresh: false },
  );
  if (answer.status !== 200 || !answer.body) {
    return new NextResponse(text('dataUnavailable'), {
      status: answer.status === 401 || answer.status === 404 ? 403 : 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new NextResponse(`${JSON.stringify(answer.body, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${text('dataFileName', { day })}"`,
      'cache-control': 'private, no-store',
    },
  });
}
