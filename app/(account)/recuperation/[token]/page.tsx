import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { FormOutcome } from '@/components/account/form-parts';
import { ResetPasswordForm } from '@/components/account/password-forms';
import { isDeadRecoveryLink } from '@/lib/account/server';

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
  const dead = await isDeadRecoveryLink(token);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('recoveryTitle')}</h1>
      {dead ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <FormOutcome errors={[f('recoveryLinkDead')]} errorsTitle={f('linkErrorTitle')} />
          <Link
            href="/mot-de-passe-oublie"
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {f('newResetLink')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-6 max-w-prose text-slate-700">{f('recoveryIntro')}</p>
          <ResetPasswordForm key={token} token={token} link="recovery" />
        </>
      )}
    </>
  );
}
