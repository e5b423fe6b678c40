import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pageTitle, titleTemplate } from '@/lib/seo/title';

/** Every page under /commande is titled 'Commande - <title>' (spec §2). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkout');
  return { title: { template: titleTemplate('/commande'), default: pageTitle('/commande', t('title')) }, robots: { index: false } };
}

export default function CheckoutStepsLayout({ children }: { children: ReactNode }) {
  return children;
}
