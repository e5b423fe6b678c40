import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { VerifyAccount } from '@/components/account/verify-account';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('verifyingTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /verification/<token>: the link of the registration mail. */
export default async function VerificationPage({ params }: { params: Promise<{ token: string }> }) {
  const t = await getTranslations('account');
  const { token } = await params;
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('verifyingTitle')}</h1>
      <VerifyAccount token={token} />
    </>
  );
}
