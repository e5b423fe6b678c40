import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClientErrorView } from '@/components/layout/client-error-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('error');
  return { title: t('title', { statusCode: 404 }), robots: { index: false } };
}

/**
 * Unknown routes: 404 'Page not found: <path>'. Kept static (reading request headers
 * here would make every page dynamic): the view names the path and skips bots in the browser.
 */
export default function NotFound() {
  return <ClientErrorView statusCode={404} />;
}
