import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clientMessages } from '@/lib/i18n/request';
import { pageTitle, titleTemplate } from '@/lib/seo/title';

/** Every page under /commande is titled 'Commande - <title>'. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkout');
  return {
    title: { template: titleTemplate('/commande'), default: pageTitle('/commande', t('title')) },
    robots: { index: false },
  };
}

/** The address step's form needs its texts in the browser: added here only. */
export default async function CheckoutStepsLayout({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={await clientMessages('accountForms', 'checkout')}>
      {children}
    </NextIntlClientProvider>
  );
}
