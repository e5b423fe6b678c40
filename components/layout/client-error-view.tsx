'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ErrorView } from './error-view';

type Audience = 'pending' | 'bot' | 'person';

/**
 * The error page, not rendered for bot user agents. Pages that show it are cached for
 * everyone, so the user agent is read in the browser: the server sends only the status and title.
 */
export function ClientErrorView({ statusCode }: { statusCode: number }) {
  const t = useTranslations('error');
  const tErrors = useTranslations('errors');
  const pathname = usePathname();
  const [audience, setAudience] = useState<Audience>('pending');
  useEffect(() => {
    // The crawler list loads only when an error page shows: this component ships with every page.
    let live = true;
    void import('@/lib/seo/bots').then(({ isBotUserAgent }) => {
      if (live) setAudience(isBotUserAgent(navigator.userAgent) ? 'bot' : 'person');
    });
    return () => {
      live = false;
    };
  }, []);
  const title = t('title', { statusCode });
  if (audience !== 'person') {
    return (
      <main className="flex-1" aria-busy={audience === 'pending'}>
        <title>{title}</title>
      </main>
    );
  }
  return (
    <>
      {/* React 19 hoists this into <head>: error boundaries cannot export metadata. */}
      <title>{title}</title>
      <ErrorView
        title={title}
        excerpt={statusCode === 404 ? tErrors('404') : tErrors('other')}
        detail={statusCode === 404 ? t('notFoundDetail', { path: pathname }) : undefined}
        actionLabel={t('action')}
      />
    </>
  );
}
