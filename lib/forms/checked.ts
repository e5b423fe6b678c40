/** What a form's server action answers: a success message, or the messages to show beside the form. */
export type FormResult = { ok: true; message?: string } | { ok: false; messages: string[] };

/** What a form shows when the shop cannot answer (validation without messages included). */
export const UNAVAILABLE_MESSAGE = 'Le service est momentanément indisponible. Réessayez dans un instant.';

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
