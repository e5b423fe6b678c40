/**
 * Account answers read by the storefront. Registering an address that has an account reads as a
 * registration that went, also against the yard's Sylius, which refuses it with 422 "email already
 * used": nobody learns who shops here. A reset link is called dead only on this shop API's own word.
 */
import { describe, expect, it } from 'vitest';
import { isDeadLinkAnswer, registrationSentMessage, withoutTakenEmail } from '@/lib/auth/rules';
import { tooManyMessage } from '@/lib/forms/checked';

const refusal = (...violations: { propertyPath: string; message: string }[]) => ({
  status: 422,
  statusText: 'Unprocessable Entity',
  body: { '@type': 'ConstraintViolationList', violations },
});

describe('a registration refused for a taken e-mail', () => {
  it('reads as one that went, whatever the language of the refusal', () => {
    for (const message of ['Cet e-mail est déjà utilisé.', 'This email is already used.'])
      expect(withoutTakenEmail(refusal({ propertyPath: 'email', message })), message).toBeNull();
  });

  it('keeps every other violation, without the taken e-mail among them', () => {
    const mixed = withoutTakenEmail(
      refusal(
        { propertyPath: 'email', message: 'Cet e-mail est déjà utilisé.' },
        { propertyPath: 'password', message: 'Ce champ doit compter au moins 8 caractères.' },
      ),
    );
    expect(mixed?.body?.violations).toEqual([
      { propertyPath: 'password', message: 'Ce champ doit compter au moins 8 caractères.' },
    ]);
    // "Already used" said of another field is not about the e-mail.
    const other = refusal({ propertyPath: 'siret', message: 'Ce SIRET est déjà utilisé.' });
    expect(withoutTakenEmail(other)).toBe(other);
  });

  it('leaves any other answer as it is (limits, failures)', () => {
    for (const answer of [
      { status: 429, statusText: 'Too Many Requests', body: null },
      { status: 503, statusText: 'Service Unavailable', body: null },
      { status: 422, statusText: 'Unprocessable Entity', body: { message: 'Cet e-mail est déjà utilisé.' } },
    ])
      expect(withoutTakenEmail(answer)).toBe(answer);
  });

  it('says the same to a new account and to an address that has one', () => {
    expect(registrationSentMessage('lea@exemple.fr')).toContain('lea@exemple.fr');
    expect(registrationSentMessage('lea@exemple.fr')).not.toMatch(/déjà utilisé|créé/);
    // Never that a mail left: past the address's few mails an hour, none does.
    expect(registrationSentMessage('lea@exemple.fr')).not.toMatch(/vient de partir/);
  });

  it('says how long to wait after too many tries, from the shop API’s Retry-After', () => {
    expect(tooManyMessage(undefined)).toBe('Trop de tentatives. Réessayez un peu plus tard.');
    expect(tooManyMessage(12)).toBe('Trop de tentatives. Réessayez dans une minute.');
    expect(tooManyMessage(61)).toBe('Trop de tentatives. Réessayez dans 2 minutes.');
    expect(tooManyMessage(599)).toBe('Trop de tentatives. Réessayez dans 10 minutes.');
    expect(tooManyMessage(3600)).toBe('Trop de tentatives. Réessayez dans une heure.');
    expect(tooManyMessage(3601)).toBe('Trop de tentatives. Réessayez dans 2 heures.');
  });
});

describe('a mailed link checked when its page opens', () => {
  it('is dead when the shop API says so by its code: the sentence may change', () => {
    for (const code of ['account.expiredVerificationLink', 'account.expiredResetLink', 'account.expiredRecoveryLink'])
      expect(isDeadLinkAnswer({ status: 404, code }), code).toBe(true);
  });

  it('is not known dead otherwise: the page shows the form (a live link, Sylius without the call, a failure)', () => {
    for (const answer of [
      { status: 204 },
      { status: 405 },
      // Sylius's 404 for a route it does not have says « expired » nowhere, and carries no such code.
      { status: 404 },
      { status: 404, code: 'cart.sold' },
      { status: 503 },
      { status: 0 },
    ])
      expect(isDeadLinkAnswer(answer), JSON.stringify(answer)).toBe(false);
  });
});

describe('the names of the shop’s cookies', () => {
  it('carry the __Host- prefix on a public shop (https), so that no sibling domain nor plain-http network plants them', async () => {
    const { cookieName } = await import('@/lib/auth/session');
    expect(cookieName('shop_token', 'https://pieces.exemple.fr')).toBe('__Host-shop_token');
    expect(cookieName('shop_cart_token', 'https://pieces.exemple.fr')).toBe('__Host-shop_cart_token');
    // On http (a laptop, the tests) the browser would refuse a __Host- cookie: the names stay bare.
    expect(cookieName('shop_token', 'http://localhost:3000')).toBe('shop_token');
    expect(cookieName('shop_token', '')).toBe('shop_token');
  });
});
