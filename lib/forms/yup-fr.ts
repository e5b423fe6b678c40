/**
 * French texts for every one of yup's default messages. The forms' own rules carry their own messages;
 * these are what a value of the wrong kind gets (a hand-made call to a server action can send `null`, a
 * list or an object where the form sends text), so no English text, and no echo of what was sent, ever
 * reaches a page. Imported by every form schema.
 */
import * as yup from 'yup';

const INVALID = "Cette valeur n'est pas valide.";
const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

yup.setLocale({
  mixed: {
    default: INVALID,
    required: 'Ce champ est obligatoire.',
    defined: 'Ce champ est obligatoire.',
    notNull: 'Ce champ est obligatoire.',
    oneOf: 'Choisissez une des valeurs proposées.',
    notOneOf: INVALID,
    notType: "Cette valeur n'a pas la forme attendue.",
  },
  string: {
    length: ({ length }) => `Ce champ doit compter exactement ${length} caractères.`,
    min: ({ min }) => `Ce champ doit compter au moins ${plural(min, 'caractère')}.`,
    max: ({ max }) => `Ce champ doit compter au plus ${plural(max, 'caractère')}.`,
    matches: "Ce champ n'a pas le format attendu.",
    email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
    url: 'Saisissez une adresse web valide.',
    uuid: "Cet identifiant n'est pas valide.",
    datetime: 'Saisissez une date et une heure valides.',
    datetime_precision: 'Saisissez une date et une heure valides.',
    datetime_offset: 'Saisissez une date et une heure valides.',
    trim: 'Retirez les espaces au début et à la fin.',
    lowercase: 'Ce champ doit être en minuscules.',
    uppercase: 'Ce champ doit être en majuscules.',
  },
  number: {
    min: ({ min }) => `Saisissez un nombre supérieur ou égal à ${min}.`,
    max: ({ max }) => `Saisissez un nombre inférieur ou égal à ${max}.`,
    lessThan: ({ less }) => `Saisissez un nombre inférieur à ${less}.`,
    moreThan: ({ more }) => `Saisissez un nombre supérieur à ${more}.`,
    positive: 'Saisissez un nombre positif.',
    negative: 'Saisissez un nombre négatif.',
    integer: 'Saisissez un nombre entier.',
  },
  date: { min: INVALID, max: INVALID },
  boolean: { isValue: INVALID },
  object: { noUnknown: INVALID, exact: INVALID },
  array: {
    min: ({ min }) => `Choisissez au moins ${plural(min, 'élément')}.`,
    max: ({ max }) => `Choisissez au plus ${plural(max, 'élément')}.`,
    length: ({ length }) => `Choisissez exactement ${plural(length, 'élément')}.`,
  },
  tuple: { notType: "Cette valeur n'a pas la forme attendue." },
});

export { yup };
