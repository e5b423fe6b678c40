'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { verifyAccountAction } from '@/lib/auth/actions';
import { verifySchema, type VerifyValues } from '@/lib/forms/account-schemas';
import { Field, FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/**
 * /verification/<token>: the link proves the mailbox, the password typed here says whose registration
 * it confirms (decision 0026); with names, it makes the account when no registration has that password
 * (decision 0028). Opening the link changes nothing; the form does.
 */
export function VerifyAccount({ token }: { token: string }) {
  const t = useTranslations('accountForms');
  const { form, errors, success, onSubmit, pending } = useServerForm<VerifyValues>(
    verifySchema,
    { password: '', firstName: '', lastName: '' },
    (values) => verifyAccountAction(token, values),
  );
  if (success)
    return (
      <div className="mt-6 flex flex-col items-start gap-4">
        <FormOutcome errors={[]} success={success} />
        <Link
          href="/connexion"
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t('toSignIn')}
        </Link>
      </div>
    );
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <p className="text-slate-700">{t('verifyIntro')}</p>
      <FormOutcome errors={errors} errorsTitle={t('linkErrorTitle')} />
      <Field
        id="verify-password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password}
        {...form.register('password')}
      />
      <details className="rounded-md border border-slate-300 p-3">
        <summary className="cursor-pointer font-semibold text-brand-800">{t('verifyWithNames')}</summary>
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('verifyWithNamesIntro')}</p>
          <Field
            id="verify-first-name"
            label={t('firstName')}
            autoComplete="given-name"
            error={form.formState.errors.firstName}
            {...form.register('firstName')}
          />
          <Field
            id="verify-last-name"
            label={t('lastName')}
            autoComplete="family-name"
            error={form.formState.errors.lastName}
            {...form.register('lastName')}
          />
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={pending}>{t('verifySubmit')}</SubmitButton>
        <Link href="/lien-de-confirmation" className="font-semibold text-brand-700 underline">
          {t('newVerificationLink')}
        </Link>
      </div>
      <noscript>
        <p className="text-amber-950">{t('verifyNeedsJavaScript')}</p>
      </noscript>
    </form>
  );
}
