import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { clientMessages } from '@/lib/i18n/request';

/**
 * Account layout: sign-in, verification, password recovery and the customer's area. Its
 * forms need their own texts in the browser: added here, so catalogue pages do not carry them.
 */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const messages = await clientMessages('accountForms');
  return (
    <main className="mx-auto w-full max-w-shop flex-1 px-4 py-8" data-layout="account">
      <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>
    </main>
  );
}
