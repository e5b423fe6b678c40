import { notFound } from 'next/navigation';

export const dynamic = 'force-dynamic';

/**
 * Fails on purpose when SHOP_TEST_ROUTES=1 (end-to-end tests of the error page); a 404 otherwise.
 */
export default function ErrorProbePage() {
  if (process.env.SHOP_TEST_ROUTES !== '1') notFound();
  throw new Error('Erreur provoquée pour tester la page d’erreur');
}
