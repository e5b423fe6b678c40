import { violationMessages, type ShopAnswer } from '@/lib/shop-api/transport';
import { text } from '@/lib/i18n/answers';

/** What a form's server action answers: a success message, or the messages to show beside the form. */
export type FormResult = { ok: true; message?: string } | { ok: false; messages: string[] };

/** What a form shows when the shop cannot answer (validation without messages included). */
export const UNAVAILABLE_MESSAGE = text('unavailable');

/**
 * A server action's second check of what the browser sent (never trust the client): the cleaned
 * values, or the failure with every French message of the schema. Kept out of the 'use server'
 * files: everything exported there becomes an action the browser can call.
 */
export async function checked<T>(
  schema: { validate(value: unknown, options: object): Promise<T> },
  values: unknown,
): Promise<T | FormResult> {
  try {
    return await schema.validate(values, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    return { ok: false, messages: (error as { errors?: string[] }).errors ?? [UNAVAILABLE_MESSAGE] };
  }
}

export const isResult = (value: unknown): value is FormResult =>
  typeof value === 'object' && value !== null && 'ok' in value && 'messages' in value;

/**
 * A refusal for too many tries, with the wait the shop API asked for (Retry-After, in seconds): an hour's
 * ceiling is not « quelques minutes ».
 */
export function tooManyMessage(retryAfter?: number): string {
  const wait =
    retryAfter === undefined || !(retryAfter > 0)
      ? text('waitLater')
      : retryAfter <= 60
        ? text('waitMinute')
        : retryAfter < 3600
          ? text('waitMinutes', { count: Math.ceil(retryAfter / 60) })
          : retryAfter <= 3600
            ? text('waitHour')
            : text('waitHours', { count: Math.ceil(retryAfter / 3600) });
  return text('tooMany', { wait });
}

/**
 * What a form shows when the shop API refused what it sent: the wait after too many tries, its
 * violations, or that the shop cannot answer (down, or a refusal without a message).
 */
export function shopRefusal(answer: ShopAnswer): FormResult {
  if (answer.status === 429) return { ok: false, messages: [tooManyMessage(answer.retryAfter)] };
  if (answer.status >= 500 || answer.status === 0) return { ok: false, messages: [UNAVAILABLE_MESSAGE] };
  const messages = violationMessages(answer);
  return { ok: false, messages: messages.length > 0 ? messages : [UNAVAILABLE_MESSAGE] };
}
