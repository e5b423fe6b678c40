'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { changePasswordAction } from '@/lib/account/actions';
import {
  recoverAccountAction,
  requestResetAction,
  requestVerificationLinkAction,
  resetPasswordAction,
} from '@/lib/auth/actions';
import {
  forgotSchema,
  passwordSchema,
  recoverySchema,
  resetSchema,
  type ForgotValues,
  type PasswordValues,
  type RecoveryValues,
} from '@/lib/forms/account-schemas';
import { Field, FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/**
 * /mot-de-passe-oublie (a reset link) and /lien-de-confirmation (a new confirmation link): asks for the
 * e-mail; the answer never says whether an account exists.
 */
export function EmailLinkForm({ link }: { link: 'reset' | 'verification' }) {
  const t = useTranslations('accountForms');
  const { form, errors, success, onSubmit, pending } = useServerForm<ForgotValues>(
    forgotSchema,
    { email: '' },
    link === 'reset' ? requestResetAction : requestVerificationLinkAction,
  );
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <p className="text-slate-700">{t(link === 'reset' ? 'forgotIntro' : 'verificationLinkIntro')}</p>
      <FormOutcome errors={errors} success={success} />
      <Field
        id="forgot-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email}
        {...form.register('email')}
      />
      <div>
        <SubmitButton pending={pending}>{t(link === 'reset' ? 'sendLink' : 'newVerificationLink')}</SubmitButton>
      </div>
    </form>
  );
}

/**
 * /mot-de-passe-oublie/<token> (`link` 'reset') and /recuperation/<token> ('recovery', the address an
 * account left taking it back, with a password the account had there): the new password, twice.
 */
export function ResetPasswordForm({ token, link = 'reset' }: { token: string; link?: 'reset' | 'recovery' }) {
  const t = useTranslations('accountForms');
  const recovery = link === 'recovery';
  // A reset's form never registers the recovery's field: its values are a ResetValues.
  const { form, errors, success, onSubmit, pending } = useServerForm<RecoveryValues>(
    recovery ? recoverySchema : resetSchema,
    { ...(recovery ? { previousPassword: '' } : {}), newPassword: '', confirmNewPassword: '' },
    (values) => (recovery ? recoverAccountAction : resetPasswordAction)(token, values),
  );
  const e = form.formState.errors;
  if (success) {
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
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <FormOutcome errors={errors} />
      {recovery && (
        <Field
          id="recovery-previous"
          label={t('previousPassword')}
          type="password"
          autoComplete="current-password"
          hint={t('previousPasswordHint')}
          error={e.previousPassword}
          {...form.register('previousPassword')}
        />
      )}
      <Field
        id="reset-new"
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        error={e.newPassword}
        {...form.register('newPassword')}
      />
      <Field
        id="reset-confirm"
        label={t('confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        error={e.confirmNewPassword}
        {...form.register('confirmNewPassword')}
      />
      <div>
        <SubmitButton pending={pending}>{t(recovery ? 'recoverySubmit' : 'savePassword')}</SubmitButton>
      </div>
    </form>
  );
}

/** /compte/mot-de-passe. */
export function ChangePasswordForm() {
  const t = useTranslations('accountForms');
  const { form, errors, success, onSubmit, pending } = useServerForm<PasswordValues>(
    passwordSchema,
    { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    changePasswordAction,
    { resetOnSuccess: true },
  );
  const e = form.formState.errors;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <FormOutcome errors={errors} success={success} />
      <Field
        id="password-current"
        label={t('currentPassword')}
        type="password"
        autoComplete="current-password"
        error={e.currentPassword}
        {...form.register('currentPassword')}
      />
      <Field
        id="password-new"
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        error={e.newPassword}
        {...form.register('newPassword')}
      />
      <Field
        id="password-confirm"
        label={t('confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        error={e.confirmNewPassword}
        {...form.register('confirmNewPassword')}
      />
      <div>
        <SubmitButton pending={pending}>{t('savePassword')}</SubmitButton>
      </div>
    </form>
  );
}
