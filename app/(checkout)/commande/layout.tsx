import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { titleTemplate } from '@/lib/seo/title';

/** Every page under /commande is titled 'Commande - <title>' (spec §2). */
export const metadata: Metadata = {
  title: { template: titleTemplate('/commande'), default: titleTemplate('/commande').replace('%s', 'Ma commande') },
  robots: { index: false },
};

export default function CheckoutStepsLayout({ children }: { children: ReactNode }) {
  return children;
}
