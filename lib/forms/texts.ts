/**
 * The forms' sentences, from messages/fr.forms.json. yup's schemas run in the browser's islands as well
 * as in server actions, so their texts live in a file of their own, small enough to go to the browser
 * with them (as the error pages' texts do in fr.errors.json).
 */
import { createTranslator } from 'next-intl';
import messages from '@/messages/fr.forms.json';

export const formText = createTranslator({ locale: 'fr', messages });
