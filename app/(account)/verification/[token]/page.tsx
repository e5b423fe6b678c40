import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { FormOutcome } from '@/components/account/form-parts';
import { VerifyAccount } from '@/components/account/verify-account';
import { isDeadVerificationLink } from '@/lib/account/server';

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
  const dead = await isDeadVerificationLink(token);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('verifyingTitle')}</h1>
      {dead ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <FormOutcome errors={[f('verificationLinkDead')]} errorsTitle={f('linkErrorTitle')} />
          <Link
            href="/lien-de-confirmation"
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {f('newVerificationLink')}
          </Link>
          <Link href="/connexion" className="font-semibold text-brand-700 underline">
            {f('toSignIn')}
          </Link>
        </div>
      ) : (
        <VerifyAccount key={token} token={token} />
      )}
    </>
  );
}
