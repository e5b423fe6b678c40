import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeadLinkNotice } from '@/components/account/dead-link-notice';
import { ResetPasswordForm } from '@/components/account/password-forms';
import { isDeadLink } from '@/lib/auth/links';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  // The token is a secret: never sent to another site as a referrer.
  return { title: t('resetTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /mot-de-passe-oublie/<token>: the link of the reset mail (keyed on the full path). */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const [t, f, { token }] = await Promise.all([getTranslations('account'), getTranslations('accountForms'), params]);
  // A link already used, replaced or expired says so at once (before: only after a new password typed twice).
  const dead = await isDeadLink('reset', token);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('resetTitle')}</h1>
      {dead ? (
        <DeadLinkNotice
          message={f('resetLinkDead')}
          title={f('linkErrorTitle')}
          ways={[{ href: '/mot-de-passe-oublie', label: f('newResetLink') }]}
        />
      ) : (
        <ResetPasswordForm key={token} token={token} />
      )}
    </>
  );
}
