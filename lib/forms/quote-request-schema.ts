/** A professional's quote request for a whole vehicle; the shop API checks the same rules again (422). */
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
    .required('Indiquez un numéro de téléphone pour que nous puissions vous rappeler.')
    .test(
      'phone',
      'Ce numéro de téléphone n’est pas valide : 10 chiffres en France (01 23 45 67 89), ou le format international (+33 1 23 45 67 89).',
      (value) => !value || isPhone(value),
    ),
  destination: yup.string().trim().max(64).default(''),
  message: yup
    .string()
    .trim()
    .max(
      QUOTE_MESSAGE_MAX,
      `Votre message dépasse ${QUOTE_MESSAGE_MAX.toLocaleString('fr-FR')} caractères : raccourcissez-le.`,
    )
    .default(''),
});
export type QuoteRequestValues = yup.InferType<typeof quoteRequestSchema>;
