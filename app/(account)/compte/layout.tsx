import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pageTitle, titleTemplate } from '@/lib/seo/title';

/** Every page under /compte is titled 'Compte - <title>'. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return {
    title: { template: titleTemplate('/compte'), default: pageTitle('/compte', t('title')) },
    robots: { index: false },
  };
}

export default function CustomerAreaLayout({ children }: { children: ReactNode }) {
  return children;
}
