import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_NAMESPACES } from '@/lib/i18n/request';
import { pageTitle, titleTemplate } from '@/lib/seo/title';

/** Every page under /commande is titled 'Commande - <title>' (spec §2). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkout');
  return { title: { template: titleTemplate('/commande'), default: pageTitle('/commande', t('title')) }, robots: { index: false } };
}

/** The address step's form needs its texts in the browser: added here only. */
export default async function CheckoutStepsLayout({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  const clientMessages = Object.fromEntries([...CLIENT_NAMESPACES, 'accountForms', 'checkout'].map((namespace) => [namespace, messages[namespace]]));
  return <NextIntlClientProvider messages={clientMessages}>{children}</NextIntlClientProvider>;
}
