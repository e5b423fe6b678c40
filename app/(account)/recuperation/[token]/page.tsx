import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeadLinkNotice } from '@/components/account/dead-link-notice';
import { ResetPasswordForm } from '@/components/account/password-forms';
import { isDeadLink } from '@/lib/auth/links';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  // The token is a secret: never sent to another site as a referrer.
  return { title: t('recoveryTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * /recuperation/<token>: the link mailed to the address an account left when its e-mail changed
 * (decision 0028). Opening it changes nothing; the new password typed in its form takes the account back.
 */
export default async function RecoveryPage({ params }: { params: Promise<{ token: string }> }) {
  const [t, f, { token }] = await Promise.all([getTranslations('account'), getTranslations('accountForms'), params]);
  const dead = await isDeadLink('recovery', token);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('recoveryTitle')}</h1>
      {dead ? (
        <DeadLinkNotice
          message={f('recoveryLinkDead')}
          title={f('linkErrorTitle')}
          ways={[{ href: '/mot-de-passe-oublie', label: f('newResetLink') }]}
        />
      ) : (
        <>
          <p className="mt-6 max-w-prose text-slate-700">{f('recoveryIntro')}</p>
          <ResetPasswordForm key={token} token={token} link="recovery" />
        </>
      )}
    </>
  );
}
