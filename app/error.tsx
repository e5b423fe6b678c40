'use client';

import { useEffect } from 'react';
import { ClientErrorView } from '@/components/layout/client-error-view';

/** Errors inside a page: the error page with the header and footer still around it. */
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ClientErrorView statusCode={500} />;
}
