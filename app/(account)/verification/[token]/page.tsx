import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeadLinkNotice } from '@/components/account/dead-link-notice';
import { VerifyAccount } from '@/components/account/verify-account';
import { isDeadLink } from '@/lib/auth/links';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('verifyingTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * /verification/<token>: the link of a registration or new-e-mail mail. Opening it changes nothing: the
 * password typed in its form confirms (decision 0026). A dead link says so at once.
 */
export default async function VerificationPage({ params }: { params: Promise<{ token: string }> }) {
  const [t, f, { token }] = await Promise.all([getTranslations('account'), getTranslations('accountForms'), params]);
  const dead = await isDeadLink('verification', token);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('verifyingTitle')}</h1>
      {dead ? (
        <DeadLinkNotice
          message={f('verificationLinkDead')}
          title={f('linkErrorTitle')}
          ways={[
            { href: '/lien-de-confirmation', label: f('newVerificationLink') },
            { href: '/connexion', label: f('toSignIn') },
          ]}
        />
      ) : (
        <VerifyAccount key={token} token={token} />
      )}
    </>
  );
}
