'use client';

import { useEffect } from 'react';
import { ClientErrorView } from '@/components/layout/client-error-view';
import { isFromEarlierBuild, reloadAllowed } from '@/lib/deploy/earlier-build';

/**
 * Errors inside a page: the error page with the header and footer still around it. A page from before
 * a deploy that met the new build loads it instead (lib/deploy/earlier-build.ts).
 */
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    if (isFromEarlierBuild(error) && reloadAllowed(window.sessionStorage, Date.now())) window.location.reload();
    else console.error(error);
  }, [error]);
  return <ClientErrorView statusCode={500} />;
}
