'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, FormOutcome, SubmitButton } from '@/components/account/form-parts';
import { useServerForm } from '@/components/account/use-server-form';
import { saveCheckoutAddressAction } from '@/lib/checkout/actions';
import { checkoutAddressSchema, type CheckoutAddressValues } from '@/lib/forms/checkout-schemas';

export interface SavedAddress {
  id: number;
  label: string;
}

type Kind = 'shipping' | 'billing';

export const EMPTY_ADDRESS = {
  firstName: '',
  lastName: '',
  company: '',
  street: '',
  postcode: '',
  city: '',
  countryCode: 'FR',
  phoneNumber: '',
};

/**
 * Checkout step 'Adresses': an address of the book or a new one, billing = shipping unless unticked,
 * and the licence plates the yard checks the parts against.
 */
export function AddressStepForm({
  saved,
  countries,
  initial,
}: {
  saved: SavedAddress[];
  countries: { code: string; name: string }[];
  initial: {
    shippingChoice: string;
    billingChoice: string;
    sameBilling: boolean;
    licencePlates: string;
    firstName: string;
    lastName: string;
    /** Addresses typed earlier for this order, shown again. */
    shipping?: typeof EMPTY_ADDRESS;
    billing?: typeof EMPTY_ADDRESS;
  };
}) {
  const t = useTranslations('checkout');
  const person = { ...EMPTY_ADDRESS, firstName: initial.firstName, lastName: initial.lastName };
  const { form, errors, onSubmit, pending } = useServerForm<CheckoutAddressValues>(
    checkoutAddressSchema,
    {
      shippingChoice: initial.shippingChoice,
      billingChoice: initial.billingChoice,
      sameBilling: initial.sameBilling,
      licencePlates: initial.licencePlates,
      shipping: initial.shipping ?? person,
      billing: initial.billing ?? person,
    },
    (values) => saveCheckoutAddressAction(values),
  );
  const [shippingChoice, billingChoice, sameBilling] = form.watch(['shippingChoice', 'billingChoice', 'sameBilling']);
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormOutcome errors={errors} />
      <AddressChoice
        kind="shipping"
        legend={t('shippingAddress')}
        saved={saved}
        choice={shippingChoice}
        countries={countries}
        register={form.register}
        errors={form.formState.errors}
      />
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" className="size-5" {...form.register('sameBilling')} />
        {t('sameBilling')}
      </label>
      {!sameBilling && (
        <AddressChoice
          kind="billing"
          legend={t('billingAddress')}
          saved={saved}
          choice={billingChoice}
          countries={countries}
          register={form.register}
          errors={form.formState.errors}
        />
      )}
      <Field
        id="checkout-plates"
        label={t('plates')}
        hint={t('platesHint')}
        autoComplete="off"
        autoCapitalize="characters"
        error={form.formState.errors.licencePlates}
        {...form.register('licencePlates')}
      />
      <div>
        <SubmitButton pending={pending}>{t('toShipping')}</SubmitButton>
      </div>
    </form>
  );
}

function AddressChoice({
  kind,
  legend,
  saved,
  choice,
  countries,
  register,
  errors,
}: {
  kind: Kind;
  legend: string;
  saved: SavedAddress[];
  choice: string;
  countries: { code: string; name: string }[];
  register: UseFormRegister<CheckoutAddressValues>;
  errors: FieldErrors<CheckoutAddressValues>;
}) {
  const t = useTranslations('checkout');
  const f = useTranslations('accountForms');
  const e = (errors[kind] ?? {}) as FieldErrors<typeof EMPTY_ADDRESS>;
  const id = (field: string) => `checkout-${kind}-${field}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-lg font-bold text-brand-900">{legend}</legend>
      {saved.length > 0 && (
        <div className="grid gap-2">
          {saved.map((address) => (
            <label
              key={address.id}
              className="flex items-start gap-2 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={String(address.id)} className="mt-1 size-4" {...register(`${kind}Choice`)} />
              <span>{address.label}</span>
            </label>
          ))}
          <label className="flex items-center gap-2 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <input type="radio" value="new" className="size-4" {...register(`${kind}Choice`)} />
            <span>{t('newAddress')}</span>
          </label>
        </div>
      )}
      {choice === 'new' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={id('first-name')}
            label={f('firstName')}
            autoComplete={`${kind} given-name`}
            error={e.firstName}
            {...register(`${kind}.firstName`)}
          />
          <Field
            id={id('last-name')}
            label={f('lastName')}
            autoComplete={`${kind} family-name`}
            error={e.lastName}
            {...register(`${kind}.lastName`)}
          />
          <div className="sm:col-span-2">
            <Field
              id={id('company')}
              label={f('company')}
              autoComplete={`${kind} organization`}
              error={e.company}
              {...register(`${kind}.company`)}
            />
          </div>
          <div className="sm:col-span-2">
            <Field
              id={id('street')}
              label={f('street')}
              autoComplete={`${kind} address-line1`}
              error={e.street}
              {...register(`${kind}.street`)}
            />
          </div>
          <Field
            id={id('postcode')}
            label={f('postcode')}
            autoComplete={`${kind} postal-code`}
            inputMode="numeric"
            error={e.postcode}
            {...register(`${kind}.postcode`)}
          />
          <Field
            id={id('city')}
            label={f('city')}
            autoComplete={`${kind} address-level2`}
            error={e.city}
            {...register(`${kind}.city`)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={id('country')} className="text-sm font-semibold text-slate-800">
              {f('country')}
            </label>
            <select
              id={id('country')}
              autoComplete={`${kind} country`}
              className="rounded-md border border-slate-400 px-3 py-2"
              {...register(`${kind}.countryCode`)}
            >
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          </div>
          <Field
            id={id('phone')}
            label={f('addressPhone')}
            type="tel"
            autoComplete={`${kind} tel`}
            error={e.phoneNumber}
            {...register(`${kind}.phoneNumber`)}
          />
        </div>
      )}
    </fieldset>
  );
}
