/**
 * A registration reads the same whether or not the address has an account: anyone can type anyone's
 * e-mail, and "this e-mail is already used" would tell them who shops here. Our shop API answers 204
 * either way and mails the owner; the yard's Sylius answers 422 with a violation on `email`, which the
 * storefront takes as a registration that went (decision 0022).
 */
import type { ShopAnswer } from '@/lib/shop-api/transport';
import { text } from '@/lib/i18n/answers';

/** Sylius's "email unique" violation, in French or in English. */
const TAKEN_EMAIL = /déjà utilisé|already used/i;

interface Violation {
  propertyPath?: string;
  message?: string;
}

/**
 * The refusal of a registration without its "e-mail already used" violation; null when nothing else
 * was refused (then the registration is answered as one that went).
 */
export function withoutTakenEmail<T>(answer: ShopAnswer<T>): ShopAnswer<T> | null {
  const violations = (answer.body as { violations?: Violation[] } | null)?.violations;
  if (answer.status !== 422 || !Array.isArray(violations)) return answer;
  const others = violations.filter((v) => !(v.propertyPath === 'email' && TAKEN_EMAIL.test(v.message ?? '')));
  if (others.length === 0) return null;
  return others.length === violations.length
    ? answer
    : { ...answer, body: { ...answer.body, violations: others } as T };
}

/**
 * What a registration that went says: true of a new account and of an address that has one, and of a
 * mail not sent because the address had its few mails this hour (any link it received then works).
 */
export const registrationSentMessage = (email: string) => text('registrationSent', { email });

/** The shop API's codes of a mailed link that no longer works (unknown, used, replaced or expired). */
const DEAD_LINKS = new Set([
  'account.expiredVerificationLink',
  'account.expiredResetLink',
  'account.expiredRecoveryLink',
]);

/**
 * Whether the shop API says a mailed link no longer works: its own 404 for that link, known by its code.
 * The yard's Sylius has no such call (405, or a 404 of a route it does not have): then nothing is known
 * and the page shows the form, as before.
 */
export const isDeadLinkAnswer = (answer: Pick<ShopAnswer, 'status' | 'code'>): boolean =>
  answer.status === 404 && answer.code !== undefined && DEAD_LINKS.has(answer.code);
