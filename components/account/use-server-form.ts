'use client';

import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { FormResult } from '@/lib/forms/checked';

/**
 * react-hook-form + yup in the browser, then a server action; the action's messages (violations of
 * the shop API) are kept for <FormOutcome>. Redirects thrown by actions pass through.
 */
export function useServerForm<T extends FieldValues>(
  schema: Parameters<typeof yupResolver>[0],
  defaultValues: DefaultValues<T>,
  action: (values: T, form: UseFormReturn<T>) => Promise<FormResult | void>,
  { resetOnSuccess = false } = {},
) {
  const form = useForm<T>({
    resolver: yupResolver(schema) as unknown as Resolver<T>,
    defaultValues,
    mode: 'onTouched',
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setErrors([]);
    setSuccess(null);
    const result = await action(values, form);
    if (!result) return;
    if (result.ok) {
      setSuccess(result.message ?? null);
      if (resetOnSuccess) form.reset(defaultValues);
    } else {
      setErrors(result.messages);
    }
  });
  return { form, errors, success, onSubmit, pending: form.formState.isSubmitting };
}
