import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { titleTemplate } from '@/lib/seo/title';

/** Every page under /compte is titled 'Compte - <title>' (spec §2). */
export const metadata: Metadata = {
  title: { template: titleTemplate('/compte'), default: titleTemplate('/compte').replace('%s', 'Mon compte') },
  robots: { index: false },
};

export default function CustomerAreaLayout({ children }: { children: ReactNode }) {
  return children;
}
