'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { updateProfileAction } from '@/lib/account/actions';
import { profileFormSchema, sameEmail, type ProfileValues } from '@/lib/forms/account-schemas';
import { Field, FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/**
 * /compte/profil: name, e-mail, phone, individual or professional. A new e-mail asks for the current
 * password and waits for the link mailed to it: the field shows the account's address meanwhile.
 */
export function ProfileForm({ initial, pendingEmail }: { initial: ProfileValues; pendingEmail: string | null }) {
  const t = useTranslations('accountForms');
  const [waiting, setWaiting] = useState(pendingEmail);
  const schema = useMemo(() => profileFormSchema(initial.email), [initial.email]);
  const { form, errors, success, onSubmit, pending } = useServerForm<ProfileValues>(
    schema,
    initial,
    async (values, { setValue }) => {
      const result = await updateProfileAction(values);
      if (result.ok && !sameEmail(values.email, initial.email)) {
        setWaiting(values.email.trim().toLowerCase());
        setValue('email', initial.email);
      }
      if (result.ok) setValue('currentPassword', '');
      return result;
    },
  );
  const e = form.formState.errors;
  const changingEmail = !sameEmail(form.watch('email') ?? '', initial.email);
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <FormOutcome errors={errors} success={success} />
      <Field
        id="profile-first-name"
        label={t('firstName')}
        autoComplete="given-name"
        error={e.firstName}
        {...form.register('firstName')}
      />
      <Field
        id="profile-last-name"
        label={t('lastName')}
        autoComplete="family-name"
        error={e.lastName}
        {...form.register('lastName')}
      />
      <Field
        id="profile-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        error={e.email}
        hint={waiting ? t('pendingEmail', { email: waiting }) : undefined}
        {...form.register('email')}
      />
      {changingEmail && (
        <Field
          id="profile-current-password"
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          hint={t('currentPasswordForEmail')}
          error={e.currentPassword}
          {...form.register('currentPassword')}
        />
      )}
      <Field
        id="profile-phone"
        label={t('phoneNumber')}
        type="tel"
        autoComplete="tel"
        error={e.phoneNumber}
        {...form.register('phoneNumber')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">{t('group')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="individual" {...form.register('group')} />
          {t('individual')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="professional" {...form.register('group')} />
          {t('professional')}
        </label>
      </fieldset>
      {form.watch('group') === 'professional' && (
        <>
          <Field
            id="profile-company"
            label={t('companyName')}
            autoComplete="organization"
            error={e.companyName}
            {...form.register('companyName')}
          />
          <Field
            id="profile-siret"
            label={t('siret')}
            inputMode="numeric"
            hint={t('siretHint')}
            error={e.siret}
            {...form.register('siret')}
          />
        </>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-1" {...form.register('subscribedToNewsletter')} />
        {t('newsletter')}
      </label>
      <div>
        <SubmitButton pending={pending}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}
