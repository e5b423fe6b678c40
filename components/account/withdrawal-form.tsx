'use client';

import { useTranslations } from 'next-intl';
import { withdrawAction } from '@/lib/orders/actions';
import { withdrawalSchema, type WithdrawalValues } from '@/lib/forms/withdrawal-schema';
import { FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/**
 * The withdrawal itself ('Confirmer la rétractation', L221-21): the parts still withdrawable, all
 * ticked; nothing else is asked. The identity and the e-mail for the acknowledgement are the account's.
 */
export function WithdrawalForm({ token, items }: { token: string; items: { id: string; name: string }[] }) {
  const t = useTranslations('accountForms');
  const { form, errors, onSubmit, pending } = useServerForm<WithdrawalValues>(
    withdrawalSchema,
    { items: items.map((item) => item.id) },
    (values) => withdrawAction(token, values),
  );
  const error = form.formState.errors.items;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-xl flex-col gap-4">
      <FormOutcome errors={errors} />
      <fieldset
        aria-describedby={error ? 'withdrawal-items-error' : undefined}
        className="rounded-lg border border-slate-200 p-4"
      >
        <legend className="px-1 font-semibold text-brand-900">{t('withdrawalItems')}</legend>
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-start gap-2">
              <input
                id={`withdraw-${item.id}`}
                type="checkbox"
                value={item.id}
                // Ticked in the page as served too, not only once the form's script has run.
                defaultChecked
                className="mt-1 h-5 w-5"
                {...form.register('items')}
              />
              <label htmlFor={`withdraw-${item.id}`}>{item.name}</label>
            </li>
          ))}
        </ul>
        {error?.message && (
          <p id="withdrawal-items-error" className="mt-2 text-sm text-red-800">
            {error.message}
          </p>
        )}
      </fieldset>
      <div>
        <SubmitButton pending={pending}>{t('withdrawalConfirm')}</SubmitButton>
      </div>
    </form>
  );
}
