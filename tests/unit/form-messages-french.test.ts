import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  deleteAccountSchema,
  forgotSchema,
  loginSchema,
  passwordSchema,
  profileSchema,
  registerSchema,
  resetSchema,
} from '@/lib/forms/account-schemas';
import { checked, isResult } from '@/lib/forms/checked';
import { checkoutAddressSchema } from '@/lib/forms/checkout-schemas';
import { quoteRequestSchema } from '@/lib/forms/quote-request-schema';
import { withdrawalSchema } from '@/lib/forms/withdrawal-schema';
import type { yup } from '@/lib/forms/yup-fr';

/**
 * A server action is a public endpoint: anyone can send it values of any type, not only what the form
 * sends. Whatever arrives, what the shopper (or the hand-made call) reads back is French: yup's English
 * defaults ("this cannot be null", "must be a `boolean` type…") never reach a page.
 */
const SCHEMAS: Record<string, yup.AnyObjectSchema> = {
  loginSchema,
  registerSchema,
  forgotSchema,
  resetSchema,
  deleteAccountSchema,
  passwordSchema,
  profileSchema,
  addressSchema,
  checkoutAddressSchema,
  quoteRequestSchema,
  withdrawalSchema,
};
const WRONG_KINDS: unknown[] = [null, true, false, 12, -1.5, Number.NaN, [], ['a'], {}, { a: 1 }, '', 'x', ' '];
const ENGLISH = /\b(this|must|cannot|field|required|invalid|type|value|least|most|characters?|items?|the)\b|\$\{|`/i;

/** Every message `checked` answers for `values`, or none when they pass. */
async function messagesFor(schema: yup.AnyObjectSchema, values: unknown): Promise<string[]> {
  const outcome = await checked(schema, values);
  return isResult(outcome) && !outcome.ok ? outcome.messages : [];
}

describe('form messages are French whatever a hand-made call sends', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(name, async () => {
      const fields = Object.keys(schema.fields);
      const sent: unknown[] = [undefined, ...WRONG_KINDS];
      for (const field of fields) for (const wrong of WRONG_KINDS) sent.push({ [field]: wrong });
      // Every field wrong at once, each kind in turn.
      for (const wrong of WRONG_KINDS) sent.push(Object.fromEntries(fields.map((field) => [field, wrong])));
      const english = new Set<string>();
      for (const values of sent) {
        for (const message of await messagesFor(schema, values)) if (ENGLISH.test(message)) english.add(message);
      }
      expect([...english]).toEqual([]);
    });
  }
});
