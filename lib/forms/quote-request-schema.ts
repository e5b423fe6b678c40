/** A professional's quote request for a whole vehicle; the shop API checks the same rules again (422). */
import { formText } from './texts';
import { yup } from './yup-fr';

export const QUOTE_MESSAGE_MAX = 2000;

/** French (10 digits) or international (+ and 8 to 15 digits) numbers, spaces, dots and dashes allowed. */
const isPhone = (value: string) => {
  const compact = value.replace(/\(0\)/g, '').replace(/[\s.\-()]/g, '');
  return /^0[1-9]\d{8}$/.test(compact) || /^\+[1-9]\d{7,14}$/.test(compact);
};

export const quoteRequestSchema = yup.object({
  phoneNumber: yup
    .string()
    .trim()
    .required(formText('quotePhone'))
    .test('phone', formText('quotePhoneInvalid'), (value) => !value || isPhone(value)),
  destination: yup.string().trim().max(64).default(''),
  message: yup
    .string()
    .trim()
    .max(QUOTE_MESSAGE_MAX, formText('quoteTooLong', { max: QUOTE_MESSAGE_MAX.toLocaleString('fr-FR') }))
    .default(''),
});
export type QuoteRequestValues = yup.InferType<typeof quoteRequestSchema>;
