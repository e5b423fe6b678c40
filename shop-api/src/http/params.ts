/**
 * Query and path number parameters. Validated as digit strings rather than coerced numbers: Ajv
 * coerces "1e309" to Infinity, which no database accepts.
 */
import { HttpError } from './errors.js';

const MAX_INT4 = 2_147_483_647;

/** Schema of a positive whole number written in digits (at most 10 of them). */
export const digitsSchema = { type: 'string', pattern: '^[0-9]{1,10}$' } as const;

/** A positive int4 from digits; out of range → 400 naming the parameter. */
export function positiveInt(
  value: string | undefined,
  name: string,
  { fallback, max = MAX_INT4 }: { fallback?: number; max?: number } = {},
): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new HttpError(
      400,
      `Valeur invalide pour le paramètre « ${name} » : nombre entier entre 1 et ${max} attendu.`,
    );
  }
  return number;
}

/** An id from the path; anything that cannot be a row id is simply not found. */
export function rowId(value: string): number | null {
  const number = Number(value);
  return /^[0-9]{1,10}$/.test(value) && number >= 1 && number <= MAX_INT4 ? number : null;
}
