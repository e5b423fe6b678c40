/**
 * A refusal travels to the cart page as a code (?refus=vendue), never as a text: a link someone else
 * wrote cannot make the shop's error box say anything.
 */
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../shop-api/src/domain/cart';
import { CHECKOUT_MESSAGES } from '../../shop-api/src/domain/checkout';
import messages from '@/messages/fr.json';
import { readRefusal, refusalFor, withRefusal } from '@/lib/url/refusal';

describe('refusals in a page address', () => {
  it('names only a code the shop knows: any other value shows nothing', () => {
    expect(readRefusal('deja-au-panier')).toBe('deja-au-panier');
    for (const value of [
      'Votre compte est bloqué : appelez le 08 99 00 00 00',
      'Cette pièce est déjà dans votre panier.',
      '<img src=x onerror=alert(1)>',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      'DEJA-AU-PANIER',
      ['vendue'],
      undefined,
      null,
    ]) {
      expect(readRefusal(value), String(value)).toBeNull();
    }
  });

  it('has a French message for every code, and the address carries the code alone', () => {
    for (const [code, message] of Object.entries(messages.refusals)) {
      expect(code).toMatch(/^[a-z-]+$/);
      expect(message).toMatch(/^[A-ZÀ-Ý].+\.$/);
    }
    expect(withRefusal('/panier', 'vendue')).toBe('/panier?refus=vendue');
  });

  it('recognises every refusal of the shop API adding to the cart can meet', () => {
    const apiMessages = [...Object.values(CART_MESSAGES), CHECKOUT_MESSAGES.completed];
    for (const apiMessage of apiMessages) {
      const code = refusalFor(apiMessage, 'non-ajoutee');
      expect(code, apiMessage).not.toBe('non-ajoutee');
      expect(messages.refusals[code]).toBe(apiMessage);
    }
    expect(refusalFor(`Phare avant : ${CART_MESSAGES.reserved}`, 'non-ajoutee')).toBe('reservee');
  });

  it('falls back to the caller’s code for a sentence it does not know', () => {
    expect(refusalFor('Une erreur imprévue.', 'non-ajoutee')).toBe('non-ajoutee');
    expect(refusalFor(undefined, 'panier-indisponible')).toBe('panier-indisponible');
  });
});
