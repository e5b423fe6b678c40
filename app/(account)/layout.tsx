import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_NAMESPACES } from '@/lib/i18n/request';

/**
 * Account layout: sign-in, verification, password recovery and the customer's area (spec §2). Its
 * forms need their own texts in the browser: added here, so catalogue pages do not carry them.
 */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  const clientMessages = Object.fromEntries([...CLIENT_NAMESPACES, 'accountForms'].map((namespace) => [namespace, messages[namespace]]));
  return (
    <main className="mx-auto w-full max-w-shop flex-1 px-4 py-8" data-layout="account">
      <NextIntlClientProvider messages={clientMessages}>{children}</NextIntlClientProvider>
    </main>
  );
}
