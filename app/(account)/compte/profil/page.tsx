import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { ProfileForm } from '@/components/account/profile-form';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { getCustomer } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('profileTitle') };
}

export default async function ProfilePage() {
  const [t, customer] = await Promise.all([getTranslations('account'), getCustomer('/compte/profil')]);
  return (
    <>
      <AccountNav current="/compte/profil" />
      <h1 className="text-3xl font-bold text-brand-900">{t('profileTitle')}</h1>
      {customer ? (
        <ProfileForm
          initial={{
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phoneNumber: customer.phoneNumber ?? '',
            group: customer.group,
            subscribedToNewsletter: customer.subscribedToNewsletter,
            companyName: customer.companyName ?? '',
            siret: customer.siret ?? '',
            currentPassword: '',
          }}
          pendingEmail={customer.pendingEmail ?? null}
        />
      ) : (
        <UnavailableNotice />
      )}
    </>
  );
}
