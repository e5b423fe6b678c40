/** next-intl: one locale (fr), no locale segment in routes. */
import { getMessages, getRequestConfig } from 'next-intl/server';
import errorMessages from '@/messages/fr.errors.json';
import messages from '@/messages/fr.json';

export const LOCALE = 'fr';
export const TIME_ZONE = 'Europe/Paris';

/** Namespaces read by client components: the only messages sent to the browser. */
export const CLIENT_NAMESPACES = ['header', 'footer', 'vehicle', 'catalogue', 'error', 'errors'] as const;

/** The messages a layout sends to the browser: the shared client namespaces plus its own `extra` ones. */
export async function clientMessages(...extra: string[]) {
  const all = await getMessages();
  return Object.fromEntries([...CLIENT_NAMESPACES, ...extra].map((namespace) => [namespace, all[namespace]]));
}

export default getRequestConfig(async () => ({
  locale: LOCALE,
  // The error texts live apart so that the fatal-error page can load them without the rest.
  messages: { ...messages, ...errorMessages },
  timeZone: TIME_ZONE,
}));
