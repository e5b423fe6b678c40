/**
 * A refusal travels to the cart page as a code (?refus=vendue), never as a text: a link someone else
 * wrote cannot make the shop's error box say anything.
 */
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../shop-api/src/domain/cart';
import { CHECKOUT_MESSAGES } from '../../shop-api/src/domain/checkout';
import { codeOf } from '../../shop-api/src/domain/refusal-codes';
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

  it('recognises by its code every refusal of the shop API adding to the cart can meet', () => {
    const apiMessages = [...Object.values(CART_MESSAGES), CHECKOUT_MESSAGES.completed];
    const found = new Set<string>();
    for (const apiMessage of apiMessages) {
      const code = refusalFor(codeOf(apiMessage), 'non-ajoutee');
      expect(code, apiMessage).not.toBe('non-ajoutee');
      found.add(code);
    }
    expect([...found].sort()).toEqual(
      ['commande-validee', 'deja-au-panier', 'panier-plein', 'plus-en-vente', 'quantite', 'reservee', 'vendue'].sort(),
    );
  });

  it('never recognises a sentence, and falls back for a code it does not know (a Sylius without codes)', () => {
    expect(refusalFor(CART_MESSAGES.sold, 'non-ajoutee')).toBe('non-ajoutee');
    expect(refusalFor('bd79c0ab-ddba-46cc-a703-a7a4b08de310', 'non-ajoutee')).toBe('non-ajoutee');
    expect(refusalFor('__proto__', 'non-ajoutee')).toBe('non-ajoutee');
    expect(refusalFor(undefined, 'panier-indisponible')).toBe('panier-indisponible');
  });
});
