/**
 * Refusals that a plain form's action sends to the page it ends on, as `?refus=<code>`: a code, never a
 * text, so that a link cannot make the shop say anything. The page shows the French message of a code it
 * knows (messages/fr.json, `refusals`) and nothing for any other value.
 */
import messages from '@/messages/fr.json';

export const REFUSAL_PARAM = 'refus';
export type RefusalCode = keyof typeof messages.refusals;
const MESSAGES: Readonly<Record<string, string>> = messages.refusals;

/** The code a page's `?refus=` names, or null for anything else (a text, an array, a made-up code). */
export function readRefusal(value: unknown): RefusalCode | null {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value) ? (value as RefusalCode) : null;
}

/** The shop API's refusal codes a page names, each with its own. */
const FROM_SHOP_API: Readonly<Record<string, RefusalCode>> = {
  'cart.sold': 'vendue',
  'cart.unknownPart': 'plus-en-vente',
  'cart.reserved': 'reservee',
  'cart.already': 'deja-au-panier',
  'cart.quantity': 'quantite',
  'cart.full': 'panier-plein',
  'checkout.completed': 'commande-validee',
};

/**
 * The page's code of a refusal the shop API answered with code `apiCode`, or `fallback` for any other
 * (a Sylius without the yard's codes among them): never recognised by its sentence, which the shop API
 * may reword.
 */
export function refusalFor(apiCode: string | undefined, fallback: RefusalCode): RefusalCode {
  return apiCode !== undefined && Object.hasOwn(FROM_SHOP_API, apiCode) ? FROM_SHOP_API[apiCode]! : fallback;
}

/** `path` telling its page about `code`. */
export const withRefusal = (path: string, code: RefusalCode) => `${path}?${REFUSAL_PARAM}=${encodeURIComponent(code)}`;
