/**
 * What server code answers a shopper (server actions, mailed links' forms), from messages/fr.json
 * (`answers`): one home for every sentence, read without a request (an action's answer is built after
 * the page's render, and a unit test calls the same code).
 */
import { createTranslator } from 'next-intl';
import messages from '@/messages/fr.json';

export const text = createTranslator({ locale: 'fr', messages, namespace: 'answers' });

/** The shop's name, as the site's metadata says it. */
export const shopName = messages.meta.siteName;
