import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { FormOutcome } from '@/components/account/form-parts';
import { ResetPasswordForm } from '@/components/account/password-forms';
import { isDeadResetLink } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  // The token is a secret: never sent to another site as a referrer.
  return { title: t('resetTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /mot-de-passe-oublie/<token>: the link of the reset mail (keyed on the full path). */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const [t, f, { token }] = await Promise.all([getTranslations('account'), getTranslations('accountForms'), params]);
  // A link already used, replaced or expired says so at once (before: only after a new password typed twice).
  const dead = await isDeadResetLink(token);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('resetTitle')}</h1>
      {dead ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <FormOutcome errors={[f('resetLinkDead')]} errorsTitle={f('linkErrorTitle')} />
          <Link
            href="/mot-de-passe-oublie"
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {f('newResetLink')}
          </Link>
        </div>
      ) : (
        <ResetPasswordForm key={token} token={token} />
      )}
    </>
  );
}
