import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignInForms } from '@/components/account/sign-in-forms';
import { RETURN_PARAM, SESSION_ENDED, safeReturnPath } from '@/lib/url/return-path';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('signInTitle'), robots: { index: false, follow: false } };
}

/** /connexion: sign in or register (a signed-in customer is sent to /compte by the proxy). */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations('account');
  const query = await searchParams;
  const raw = query[RETURN_PARAM];
  const returnTo = typeof raw === 'string' ? safeReturnPath(raw) : null;
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('signInTitle')}</h1>
      {query[SESSION_ENDED.param] === SESSION_ENDED.value && (
        <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('sessionEnded')}
        </p>
      )}
      <SignInForms returnTo={returnTo} />
    </>
  );
}
