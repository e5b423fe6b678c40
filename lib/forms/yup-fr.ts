/**
 * French texts for yup's default messages (mixed default, required, string length, min, max,
 * matches, email, url, uuid, trim, lowercase, uppercase). Imported by every form schema.
 */
import * as yup from 'yup';

yup.setLocale({
  mixed: {
    default: "Cette valeur n'est pas valide.",
    required: 'Ce champ est obligatoire.',
  },
  string: {
    length: ({ length }) => `Ce champ doit compter exactement ${length} caractères.`,
    min: ({ min }) => `Ce champ doit compter au moins ${min} caractère${min > 1 ? 's' : ''}.`,
    max: ({ max }) => `Ce champ doit compter au plus ${max} caractères.`,
    matches: "Ce champ n'a pas le format attendu.",
    email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
    url: 'Saisissez une adresse web valide.',
    uuid: "Cet identifiant n'est pas valide.",
    trim: 'Retirez les espaces au début et à la fin.',
    lowercase: 'Ce champ doit être en minuscules.',
    uppercase: 'Ce champ doit être en majuscules.',
  },
});

export { yup };
