'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { deleteAddressAction, keepAddressAction, saveAddressAction } from '@/lib/account/actions';
import { addressSchema, type AddressValues } from '@/lib/forms/account-schemas';
import type { FormResult } from '@/lib/forms/checked';
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

/**
 * A button acting on one address of the book, by its server action; its French refusal below it.
 * `confirm`: a question asked first (a deletion).
 */
function AddressActionButton({
  id,
  label,
  text,
  action,
  confirm,
  tone,
}: {
  id: number;
  label: string;
  text: string;
  action: (id: number) => Promise<FormResult>;
  confirm?: string;
  tone: 'danger' | 'brand';
}) {
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={pending}
        aria-label={`${text} : ${label}`}
        onClick={async () => {
          if (confirm && !window.confirm(confirm)) return;
          setPending(true);
          const result = await action(id);
          setPending(false);
          if (result && !result.ok) setErrors(result.messages);
        }}
        className={`inline-flex min-h-11 items-center text-sm font-semibold underline disabled:opacity-60 ${
          tone === 'danger' ? 'text-red-800' : 'text-brand-700'
        }`}
      >
        {text}
      </button>
      <FormOutcome errors={errors} />
    </>
  );
}

/** « Supprimer » on an address of the book, after a confirmation. */
export function DeleteAddressButton({ id, label }: { id: number; label: string }) {
  const t = useTranslations('accountForms');
  return (
    <AddressActionButton
      id={id}
      label={label}
      text={t('delete')}
      action={deleteAddressAction}
      confirm={t('deleteConfirm')}
      tone="danger"
    />
  );
}

/** « C’est bien mon adresse » on an address put to review by a password reset. */
export function KeepAddressButton({ id, label }: { id: number; label: string }) {
  const t = useTranslations('accountForms');
  return <AddressActionButton id={id} label={label} text={t('keepAddress')} action={keepAddressAction} tone="brand" />;
}
