import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { ChangePasswordForm } from '@/components/account/password-forms';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('passwordTitle') };
}

export default async function ChangePasswordPage() {
  const t = await getTranslations('account');
  return (
    <>
      <AccountNav current="/compte/mot-de-passe" />
      <h1 className="text-3xl font-bold text-brand-900">{t('passwordTitle')}</h1>
      <ChangePasswordForm />
    </>
  );
}
