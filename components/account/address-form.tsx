'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { deleteAddressAction, keepAddressAction, saveAddressAction } from '@/lib/auth/actions';
import { addressSchema, type AddressValues } from '@/lib/forms/account-schemas';
import { Field, FormOutcome, SubmitButton } from './form-parts';
import { useServerForm } from './use-server-form';

/** Add or edit an address of the book (/compte/adresses/ajouter, /compte/adresses/<id>). */
export function AddressForm({
  id,
  initial,
  countries,
}: {
  id: number | null;
  initial: AddressValues;
  countries: { code: string; name: string }[];
}) {
  const t = useTranslations('accountForms');
  const { form, errors, onSubmit, pending } = useServerForm<AddressValues>(addressSchema, initial, (values) =>
    saveAddressAction(id, values),
  );
  const e = form.formState.errors;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormOutcome errors={errors} />
      </div>
      <Field
        id="address-first-name"
        label={t('firstName')}
        autoComplete="given-name"
        error={e.firstName}
        {...form.register('firstName')}
      />
      <Field
        id="address-last-name"
        label={t('lastName')}
        autoComplete="family-name"
        error={e.lastName}
        {...form.register('lastName')}
      />
      <div className="sm:col-span-2">
        <Field
          id="address-company"
          label={t('company')}
          autoComplete="organization"
          error={e.company}
          {...form.register('company')}
        />
      </div>
      <div className="sm:col-span-2">
        <Field
          id="address-street"
          label={t('street')}
          autoComplete="address-line1"
          error={e.street}
          {...form.register('street')}
        />
      </div>
      <Field
        id="address-postcode"
        label={t('postcode')}
        autoComplete="postal-code"
        inputMode="numeric"
        error={e.postcode}
        {...form.register('postcode')}
      />
      <Field
        id="address-city"
        label={t('city')}
        autoComplete="address-level2"
        error={e.city}
        {...form.register('city')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="address-country" className="text-sm font-semibold text-slate-800">
          {t('country')}
        </label>
        <select
          id="address-country"
          autoComplete="country"
          className="rounded-md border border-slate-400 px-3 py-2"
          {...form.register('countryCode')}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <Field
        id="address-phone"
        label={t('addressPhone')}
        type="tel"
        autoComplete="tel"
        error={e.phoneNumber}
        {...form.register('phoneNumber')}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={pending}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}

/** Deletes an address after a confirmation. */
export function DeleteAddressButton({ id, label }: { id: number; label: string }) {
  const t = useTranslations('accountForms');
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={pending}
        aria-label={`${t('delete')} : ${label}`}
        onClick={async () => {
          if (!window.confirm(t('deleteConfirm'))) return;
          setPending(true);
          const result = await deleteAddressAction(id);
          setPending(false);
          if (result && !result.ok) setErrors(result.messages);
        }}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-red-800 underline disabled:opacity-60"
      >
        {t('delete')}
      </button>
      <FormOutcome errors={errors} />
    </>
  );
}

/** « C’est bien mon adresse » on an address put to review by a password reset. */
export function KeepAddressButton({ id, label }: { id: number; label: string }) {
  const t = useTranslations('accountForms');
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={pending}
        aria-label={`${t('keepAddress')} : ${label}`}
        onClick={async () => {
          setPending(true);
          const result = await keepAddressAction(id);
          setPending(false);
          if (result && !result.ok) setErrors(result.messages);
        }}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline disabled:opacity-60"
      >
        {t('keepAddress')}
      </button>
      <FormOutcome errors={errors} />
    </>
  );
}
