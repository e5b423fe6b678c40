'use client';

import { NextIntlClientProvider } from 'next-intl';
import { useEffect } from 'react';
import { ClientErrorView } from '@/components/layout/client-error-view';
import { isFromEarlierBuild, reloadAllowed } from '@/lib/deploy/earlier-build';
import errorMessages from '@/messages/fr.errors.json';
import './globals.css';

/**
 * Unhandled fatal errors (the root layout itself failed) render the error page on their own. Its
 * script ships with every page, so it carries the error texts only. A page from before a deploy that
 * met the new build loads it instead (lib/deploy/earlier-build.ts).
 */
export default function GlobalError({ error }: { error: Error }) {
  useEffect(() => {
    if (isFromEarlierBuild(error) && reloadAllowed(window.sessionStorage, Date.now())) window.location.reload();
  }, [error]);
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
