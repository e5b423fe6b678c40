'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { loginAction, registerAction } from '@/lib/auth/actions';
import { loginSchema, registerSchema, type LoginValues, type RegisterValues } from '@/lib/forms/account-schemas';
import { Field, FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/** /connexion: sign in and register side by side. */
export function SignInForms({ returnTo }: { returnTo: string | null }) {
  const t = useTranslations('accountForms');
  const login = useServerForm<LoginValues>(loginSchema, { email: '', password: '' }, (values) =>
    loginAction(values, returnTo),
  );
  const register = useServerForm<RegisterValues>(
    registerSchema,
    {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      subscribedToNewsletter: false,
      professional: false,
      companyName: '',
      siret: '',
    },
    registerAction,
    { resetOnSuccess: true },
  );
  const l = login.form.formState.errors;
  const r = register.form.formState.errors;
  return (
    <div className="grid gap-10 md:grid-cols-2">
      <section aria-labelledby="sign-in-heading" className="rounded-lg border border-slate-200 p-5">
        <h2 id="sign-in-heading" className="text-xl font-bold text-brand-900">
          {t('signInHeading')}
        </h2>
        <form method="post" onSubmit={login.onSubmit} noValidate className="mt-4 flex flex-col gap-4">
          <FormOutcome errors={login.errors} />
          <Field
            id="login-email"
            label={t('email')}
            type="email"
            autoComplete="email"
            error={l.email}
            {...login.form.register('email')}
          />
          <Field
            id="login-password"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            error={l.password}
            {...login.form.register('password')}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SubmitButton pending={login.pending}>{t('signIn')}</SubmitButton>
            <Link href="/mot-de-passe-oublie" className="text-sm font-medium text-brand-700 underline">
              {t('forgotLink')}
            </Link>
          </div>
          <Link href="/lien-de-confirmation" className="self-end text-sm font-medium text-brand-700 underline">
            {t('verificationLinkLink')}
          </Link>
        </form>
      </section>
      <section aria-labelledby="register-heading" className="rounded-lg border border-slate-200 p-5">
        <h2 id="register-heading" className="text-xl font-bold text-brand-900">
          {t('registerHeading')}
        </h2>
        <form method="post" onSubmit={register.onSubmit} noValidate className="mt-4 flex flex-col gap-4">
          <FormOutcome errors={register.errors} success={register.success} />
          <Field
            id="register-first-name"
            label={t('firstName')}
            autoComplete="given-name"
            error={r.firstName}
            {...register.form.register('firstName')}
          />
          <Field
            id="register-last-name"
            label={t('lastName')}
            autoComplete="family-name"
            error={r.lastName}
            {...register.form.register('lastName')}
          />
          <Field
            id="register-email"
            label={t('email')}
            type="email"
            autoComplete="email"
            error={r.email}
            {...register.form.register('email')}
          />
          <Field
            id="register-password"
            label={t('password')}
            type="password"
            autoComplete="new-password"
            hint={t('passwordHint')}
            error={r.password}
            {...register.form.register('password')}
          />
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1" {...register.form.register('subscribedToNewsletter')} />
            {t('newsletter')}
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1" {...register.form.register('professional')} />
            {t('registerProfessional')}
          </label>
          {register.form.watch('professional') && (
            <>
              <Field
                id="register-company"
                label={t('companyName')}
                autoComplete="organization"
                error={r.companyName}
                {...register.form.register('companyName')}
              />
              <Field
                id="register-siret"
                label={t('siret')}
                inputMode="numeric"
                hint={t('siretHint')}
                error={r.siret}
                {...register.form.register('siret')}
              />
            </>
          )}
          <div>
            <SubmitButton pending={register.pending}>{t('register')}</SubmitButton>
          </div>
        </form>
      </section>
    </div>
  );
}
