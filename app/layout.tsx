import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DemoModeBanner } from '@/components/layout/demo-mode-banner';
import { NavigationEvents } from '@/components/layout/navigation-events';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { storefrontConfig } from '@/lib/config/server';
import { clientMessages } from '@/lib/i18n/request';
import { Providers } from './providers';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return {
    metadataBase: new URL(storefrontConfig().siteUrl),
    title: { default: `${t('defaultTitle')} | ${t('siteName')}`, template: '%s' },
    description: t('defaultDescription'),
    applicationName: t('siteName'),
    icons: { icon: '/favicon.svg' },
  };
}

export const viewport: Viewport = { themeColor: '#143f74', width: 'device-width', initialScale: 1 };

/** Root layout: French document, header and footer around every layout. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [t, messages] = await Promise.all([getTranslations('header'), clientMessages()]);
  // Client islands get only their namespaces: every message sent is repeated in each page's payload.
  return (
    <html lang="fr-FR">
      <body className="flex min-h-screen flex-col">
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
        >
          {t('skipLink')}
        </a>
        <NextIntlClientProvider messages={messages}>
          <Providers>
            <NavigationEvents />
            <DemoModeBanner />
            <SiteHeader />
            <div id="contenu" tabIndex={-1} className="flex flex-1 flex-col outline-none">
              {children}
            </div>
            <SiteFooter />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
