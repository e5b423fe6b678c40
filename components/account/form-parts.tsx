'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: FieldError; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded-md border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-700"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The shop API's answer to a form: its violations as a list, or a confirmation. It sits above the
 * fields, so each new answer takes the focus and comes into view: on a phone the button just pressed
 * is a screen or more below it.
 */
export function FormOutcome({
  errors,
  success,
  errorsTitle,
}: {
  errors: string[];
  success?: string | null;
  /** The heading of the errors (a form's by default; a page without a form names its own). */
  errorsTitle?: string;
}) {
  const t = useTranslations('accountForms');
  const outcome = useRef<HTMLDivElement & HTMLParagraphElement>(null);
  useEffect(() => {
    if (errors.length === 0 && !success) return;
    outcome.current?.focus({ preventScroll: true });
    outcome.current?.scrollIntoView({ block: 'nearest' });
  }, [errors, success]);
  if (errors.length > 0) {
    return (
      <div
        ref={outcome}
        tabIndex={-1}
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      >
        <p className="font-semibold">{errorsTitle ?? t('errorsTitle')}</p>
        <ul className="mt-1 list-disc pl-5">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    );
  }
  return success ? (
    <p
      ref={outcome}
      tabIndex={-1}
      role="status"
      className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
    >
      {success}
    </p>
  ) : null;
}

/**
 * The submit button of a form sent by script (react-hook-form): without JavaScript the browser would
 * post it to the page, which takes no form, so the shopper is told first.
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const t = useTranslations('accountForms');
  return (
    <>
      <noscript>
        <p className="text-sm text-amber-950">{t('needsJavaScript')}</p>
      </noscript>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {pending ? t('sending') : children}
      </button>
    </>
  );
}
