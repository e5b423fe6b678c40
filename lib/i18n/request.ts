/** next-intl: one locale (fr), no locale segment in routes (spec §1). */
import { getRequestConfig } from 'next-intl/server';
import messages from '@/messages/fr.json';

export const LOCALE = 'fr';

export default getRequestConfig(async () => ({
  locale: LOCALE,
  messages,
  timeZone: 'Europe/Paris',
}));
