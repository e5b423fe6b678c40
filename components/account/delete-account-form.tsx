'use client';

import { useTranslations } from 'next-intl';
import { deleteAccountAction } from '@/lib/account/actions';
import { deleteAccountSchema, type DeleteAccountValues } from '@/lib/forms/account-schemas';
import { Field, FormOutcome } from './form-parts';
import { useServerForm } from './use-server-form';

/** Deleting the account asks for the password: nobody else at the keyboard can do it by mistake or on purpose. */
export function DeleteAccountForm() {
  const t = useTranslations('accountForms');
  const { form, errors, onSubmit, pending } = useServerForm<DeleteAccountValues>(
    deleteAccountSchema,
    { currentPassword: '' },
    deleteAccountAction,
  );
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-4 flex max-w-md flex-col gap-4">
      <FormOutcome errors={errors} />
      <Field
        id="delete-password"
        label={t('currentPassword')}
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.currentPassword}
        {...form.register('currentPassword')}
      />
      <div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-red-800 px-5 py-2.5 font-semibold text-white hover:bg-red-900 disabled:opacity-60"
        >
          {pending ? t('sending') : t('deleteAccount')}
        </button>
      </div>
    </form>
  );
}
