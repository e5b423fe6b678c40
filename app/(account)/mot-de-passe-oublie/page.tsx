import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailLinkForm } from '@/components/account/password-forms';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('forgotTitle'), robots: { index: false, follow: false } };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations('account');
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('forgotTitle')}</h1>
      <EmailLinkForm link="reset" />
    </>
  );
}
