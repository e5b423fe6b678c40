'use client';

import { useTranslations } from 'next-intl';
import { Field, FormOutcome, SubmitButton } from '@/components/account/form-parts';
import { useServerForm } from '@/components/account/use-server-form';
import { quoteRequestAction } from '@/lib/export-vehicles/actions';
import { QUOTE_MESSAGE_MAX, quoteRequestSchema, type QuoteRequestValues } from '@/lib/forms/quote-request-schema';

/** Phone (required), destination and message; checked here, then again by the server action and the shop API. */
export function QuoteRequestForm({ code, phoneNumber }: { code: string; phoneNumber: string }) {
  const t = useTranslations('accountForms');
  const { form, errors, onSubmit, pending } = useServerForm<QuoteRequestValues>(
    quoteRequestSchema,
    { phoneNumber, destination: '', message: '' },
    (values) => quoteRequestAction(code, values),
  );
  const fieldErrors = form.formState.errors;
  const messageError = fieldErrors.message?.message;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-xl flex-col gap-4">
      <FormOutcome errors={errors} />
      <Field
        id="quote-phone"
        label={t('quotePhone')}
        type="tel"
        autoComplete="tel"
        hint={t('quotePhoneHint')}
        error={fieldErrors.phoneNumber}
        {...form.register('phoneNumber')}
      />
      <Field
        id="quote-destination"
        label={t('quoteDestination')}
        autoComplete="country-name"
        hint={t('quoteDestinationHint')}
        error={fieldErrors.destination}
        {...form.register('destination')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="quote-message" className="text-sm font-semibold text-slate-800">
          {t('quoteMessage')}
        </label>
        <textarea
          id="quote-message"
          rows={5}
          maxLength={QUOTE_MESSAGE_MAX + 200}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'quote-message-hint quote-message-error' : 'quote-message-hint'}
          className="rounded-md border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700"
          {...form.register('message')}
        />
        <p id="quote-message-hint" className="text-xs text-slate-600">
          {t('quoteMessageHint')}
        </p>
        {messageError && (
          <p id="quote-message-error" className="text-sm text-red-800">
            {messageError}
          </p>
        )}
      </div>
      <div>
        <SubmitButton pending={pending}>{t('quoteSend')}</SubmitButton>
      </div>
    </form>
  );
}
