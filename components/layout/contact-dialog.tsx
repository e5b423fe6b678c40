'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';

export interface ContactDialogProps {
  /** Address of the embedded form service; empty: phone and e-mail are offered instead. */
  formUrl: string;
  email: string;
  phone: string;
}

/**
 * The footer's contact-form popup. A native modal <dialog> keeps focus inside and closes on Escape.
 * The form service is a third party that may set its own cookies: its frame loads only when the
 * visitor opens the popup and then asks for the form (consent at the point of use, CNIL); e-mail and
 * phone are always offered beside it, so refusing costs nothing.
 */
export function ContactDialog({ formUrl, email, phone }: ContactDialogProps) {
  const t = useTranslations('footer');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [formWanted, setFormWanted] = useState(false);
  const formHost = formUrl ? new URL(formUrl).host : '';

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        onClick={() => dialogRef.current?.showModal()}
        className="rounded-md bg-accent-700 px-4 py-2 font-semibold text-white hover:bg-accent-800"
      >
        {t('contact')}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="contact-dialog-title"
        onClose={() => openerRef.current?.focus()}
        className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg p-0 shadow-2xl backdrop:bg-slate-900/60"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id="contact-dialog-title" className="text-lg font-bold text-slate-900">
            {t('contactDialogTitle')}
          </h2>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded p-1 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="h-6 w-6" />
            <span className="sr-only">{t('close')}</span>
          </button>
        </div>
        <div className="flex flex-col gap-4 p-5">
          {formUrl && formWanted && (
            <iframe src={formUrl} title={t('contactFormFrameTitle')} className="h-[32rem] w-full border-0" />
          )}
          {formUrl && !formWanted && (
            <div className="rounded-md border border-slate-200 bg-slate-50 p-4">
              <p className="text-sm text-slate-800">{t('contactFormConsent', { host: formHost })}</p>
              <button
                type="button"
                onClick={() => setFormWanted(true)}
                className="mt-3 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                {t('contactFormShow')}
              </button>
            </div>
          )}
          <p className="text-slate-800">
            {t.rich('contactFallback', {
              address: email,
              number: phone,
              email: (chunks) => (
                <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>
                  {chunks}
                </a>
              ),
              phone: (chunks) => <span className="whitespace-nowrap font-semibold">{chunks}</span>,
            })}
          </p>
        </div>
      </dialog>
    </>
  );
}
