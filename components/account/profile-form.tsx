'use client';

import { useTranslations } from 'next-intl';
import { updateProfileAction } from '@/lib/auth/actions';
import { profileSchema, type ProfileValues } from '@/lib/forms/account-schemas';
import { Field, FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/** /compte/profil: name, e-mail, phone, individual or professional. */
export function ProfileForm({ initial }: { initial: ProfileValues }) {
  const t = useTranslations('accountForms');
  const { form, errors, success, onSubmit, pending } = useServerForm<ProfileValues>(profileSchema, initial, updateProfileAction);
  const e = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <FormOutcome errors={errors} success={success} />
      <Field id="profile-first-name" label={t('firstName')} autoComplete="given-name" error={e.firstName} {...form.register('firstName')} />
      <Field id="profile-last-name" label={t('lastName')} autoComplete="family-name" error={e.lastName} {...form.register('lastName')} />
      <Field id="profile-email" label={t('email')} type="email" autoComplete="email" error={e.email} {...form.register('email')} />
      <Field id="profile-phone" label={t('phoneNumber')} type="tel" autoComplete="tel" error={e.phoneNumber} {...form.register('phoneNumber')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">{t('group')}</legend>
        <label className="flex items-center gap-2"><input type="radio" value="individual" {...form.register('group')} />{t('individual')}</label>
        <label className="flex items-center gap-2"><input type="radio" value="professional" {...form.register('group')} />{t('professional')}</label>
      </fieldset>
      {form.watch('group') === 'professional' && (
        <>
          <Field id="profile-company" label={t('companyName')} autoComplete="organization" error={e.companyName} {...form.register('companyName')} />
          <Field id="profile-siret" label={t('siret')} inputMode="numeric" hint={t('siretHint')} error={e.siret} {...form.register('siret')} />
        </>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-1" {...form.register('subscribedToNewsletter')} />
        {t('newsletter')}
      </label>
      <div><SubmitButton pending={pending}>{t('save')}</SubmitButton></div>
    </form>
  );
}
