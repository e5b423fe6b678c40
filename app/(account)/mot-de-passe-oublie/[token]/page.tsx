import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/account/password-forms';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  // The token is a secret: never sent to another site as a referrer.
  return { title: t('resetTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /mot-de-passe-oublie/<token>: the link of the reset mail (keyed on the full path). */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const t = await getTranslations('account');
  const { token } = await params;
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('resetTitle')}</h1>
      <ResetPasswordForm key={token} token={token} />
    </>
  );
}
