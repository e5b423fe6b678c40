'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { verifyAccountAction } from '@/lib/auth/actions';
import type { FormResult } from '@/lib/forms/checked';
import { FormOutcome } from './form-parts';

/** /verification/<token>: confirms the address once on arrival, then tells the outcome. */
export function VerifyAccount({ token }: { token: string }) {
  const t = useTranslations('accountForms');
  const [result, setResult] = useState<FormResult | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Strict mode mounts twice in development; the token is single-use.
    if (started.current) return;
    started.current = true;
    void verifyAccountAction(token).then(setResult);
  }, [token]);
  if (!result)
    return (
      <>
        <p className="mt-6 text-slate-700" aria-busy="true">
          {t('verifying')}
        </p>
        <noscript>
          <p className="mt-4 text-amber-950">{t('verifyNeedsJavaScript')}</p>
        </noscript>
      </>
    );
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <FormOutcome
        errors={result.ok ? [] : result.messages}
        success={result.ok ? result.message : null}
        errorsTitle={t('linkErrorTitle')}
      />
      <p className="flex flex-wrap items-center gap-4">
        <Link
          href="/connexion"
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t('toSignIn')}
        </Link>
        {!result.ok && (
          <Link href="/lien-de-confirmation" className="font-semibold text-brand-700 underline">
            {t('newVerificationLink')}
          </Link>
        )}
      </p>
    </div>
  );
}
