'use client';

import { NextIntlClientProvider } from 'next-intl';
import { ClientErrorView } from '@/components/layout/client-error-view';
import errorMessages from '@/messages/fr.errors.json';
import './globals.css';

/**
 * Unhandled fatal errors (the root layout itself failed) render the error page on their own. Its
 * script ships with every page, so it carries the error texts only.
 */
export default function GlobalError() {
  return (
    <html lang="fr-FR">
      <body className="flex min-h-screen flex-col">
        <NextIntlClientProvider locale="fr" messages={errorMessages} timeZone="Europe/Paris">
          <ClientErrorView statusCode={500} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
