import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignInForms } from '@/components/account/sign-in-forms';
import { RETURN_PARAM } from '@/lib/auth/guard';
import { safeReturnPath } from '@/lib/url/return-path';

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
  const raw = (await searchParams)[RETURN_PARAM];
  const returnTo = typeof raw === 'string' ? safeReturnPath(raw) : null;
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('signInTitle')}</h1>
      <SignInForms returnTo={returnTo} />
    </>
  );
}
