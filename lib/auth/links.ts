import 'server-only';
import { forgotSchema, type VerifyValues } from '@/lib/forms/account-schemas';
import { checked, isResult, shopRefusal, type FormResult } from '@/lib/forms/checked';
import { isShopIdentifier } from '@/lib/shop-api/identifier';
import { publicCall } from '@/lib/shop-api/server';
import { isDeadLinkAnswer } from './rules';
import { readDeviceToken } from './server';
import { text } from '@/lib/i18n/answers';

/**
 * The links the shop API mails about credentials, each a resource of the shop contract: a confirmation
 * (decision 0026), a password reset (decision 0024), a recovery by the address an account left
 * (decision 0028). One is asked for with an e-mail (POST), checked when its page opens (GET) and used by
 * its page's form (PATCH): opening a link changes nothing.
 */
const LINKS = {
  verification: 'account-verification-requests',
  reset: 'customers/reset-password',
  recovery: 'account-recoveries',
} as const;
type Link = keyof typeof LINKS;

/** What a link's form says once it worked (a registration's or a new e-mail's: this address now signs in). */
const DONE = (link: Link) => text(`linkDone.${link}`);

/** What asking for a link says, whether or not an account has the address. */
const SENT = (link: 'verification' | 'reset', email: string) => text(`linkSent.${link}`, { email });

const EXPIRED_LINK: FormResult = { ok: false, messages: [text('linkExpired')] };

/** A link's token as the shop API draws them (base64url); anything else names no link. */
const isLinkToken = (token: unknown): token is string => isShopIdentifier(token, 128);

const linkPath = (link: Link, token: string) => `${LINKS[link]}/${encodeURIComponent(token)}`;

/** Whether a link is known dead (used, replaced, expired), so that its page says so before anything is typed. */
export async function isDeadLink(link: Link, token: string): Promise<boolean> {
  return !isLinkToken(token) || isDeadLinkAnswer(await publicCall('GET', linkPath(link, token)));
}

/** What a confirmation link's form sends: names only when typed (the account is then made with them if no registration has the password). */
export const verificationBody = (input: VerifyValues, token: string) => ({
  token,
  password: input.password,
  ...(input.firstName && input.lastName ? { firstName: input.firstName, lastName: input.lastName } : {}),
});

/**
 * Uses a link with what its form sent (`input`, as the action checked it; sent as it is unless `body`
 * says otherwise). An unknown, used or expired link says so.
 */
export async function followLink<T extends object>(
  link: Link,
  token: unknown,
  input: T | FormResult,
  body: (input: T, token: string) => object = (input) => input,
): Promise<FormResult> {
  if (!isLinkToken(token)) return EXPIRED_LINK;
  if (isResult(input)) return input;
  const answer = await publicCall('PATCH', linkPath(link, token), body(input, token));
  if (answer.status === 202) return { ok: true, message: DONE(link) };
  return answer.status === 404 ? EXPIRED_LINK : shopRefusal(answer);
}

/** Asks for a link (a reset, or a confirmation whose first link was lost or expired); the answer never says whether an account exists. */
export async function askLink(link: 'verification' | 'reset', values: unknown): Promise<FormResult> {
  const input = await checked(forgotSchema, values);
  if (isResult(input)) return input;
  // A reset asked from a browser the owner signed in with is not refused because of strangers' requests.
  const answer = await publicCall(
    'POST',
    LINKS[link],
    { email: input.email, localeCode: 'fr_FR' },
    link === 'reset' ? { deviceToken: await readDeviceToken() } : {},
  );
  return answer.status === 202 ? { ok: true, message: SENT(link, input.email) } : shopRefusal(answer);
}
