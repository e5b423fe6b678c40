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

/**
 * The code of a refusal the shop API answered in French (its sentence, possibly after "<part> : "), or
 * `fallback` for a sentence the storefront has no code for.
 */
export function refusalFor(apiMessage: string | undefined, fallback: RefusalCode): RefusalCode {
  if (!apiMessage) return fallback;
  const found = Object.keys(MESSAGES).find(
    (code) => apiMessage === MESSAGES[code] || apiMessage.endsWith(` : ${MESSAGES[code]}`),
  );
  return (found as RefusalCode | undefined) ?? fallback;
}

/** `path` telling its page about `code`. */
export const withRefusal = (path: string, code: RefusalCode) => `${path}?${REFUSAL_PARAM}=${encodeURIComponent(code)}`;
