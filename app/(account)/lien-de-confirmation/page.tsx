import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailLinkForm } from '@/components/account/password-forms';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('verificationLinkTitle'), robots: { index: false, follow: false } };
}

/** /lien-de-confirmation: a new confirmation link for an account whose first one was lost or expired. */
export default async function VerificationLinkPage() {
  const t = await getTranslations('account');
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('verificationLinkTitle')}</h1>
      <EmailLinkForm link="verification" />
    </>
  );
}
