'use client';

import { NextIntlClientProvider } from 'next-intl';
import { ClientErrorView } from '@/components/layout/client-error-view';
import messages from '@/messages/fr.json';
import './globals.css';

/** Unhandled fatal errors (the root layout itself failed) render the error page on their own. */
export default function GlobalError() {
  return (
    <html lang="fr-FR">
      <body className="flex min-h-screen flex-col">
        <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
          <ClientErrorView statusCode={500} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
