'use client';

import Link from 'next/link';
import { useActionState, useEffect, useRef } from 'react';
import { startPaymentAction } from '@/lib/checkout/actions';

interface Texts {
  opening: string;
  payNow: string;
  error: string;
  errorHelp: string;
  backToShipping: string;
  backToCart: string;
}

/**
 * The payment step's form: submitted by itself once the page is shown to the shopper (a prefetched or
 * prerendered page runs nothing until it is shown), by its button without JavaScript or when another
 * site's link led here. A refusal (a part
 * taken meanwhile, the provider down) shows why and the ways back.
 */
export function PaymentStart({
  texts,
  total,
  autoStart,
}: {
  texts: Texts;
  /** The total the page shows (cents). */ total: number;
  /** False when another site led here: only the shopper's click starts the payment then. */
  autoStart: boolean;
}) {
  const [refusal, startAction, pending] = useActionState(startPaymentAction, null);
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (!autoStart) return;
    const submit = () => {
      if (submitted.current) return;
      submitted.current = true;
      form.current?.requestSubmit();
    };
    const page = document as Document & { prerendering?: boolean };
    if (page.prerendering) {
      page.addEventListener('prerenderingchange', submit, { once: true });
      return () => page.removeEventListener('prerenderingchange', submit);
    }
    submit();
  }, [autoStart]);

  if (refusal) {
    return (
      <div data-payment-error="true">
        <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{texts.error}</p>
          {refusal.messages.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {refusal.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
          <p className="mt-2">{texts.errorHelp}</p>
        </div>
        <p className="mt-6 flex flex-wrap gap-4">
          <Link
            href="/commande/livraison"
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {texts.backToShipping}
          </Link>
          <Link
            href="/panier"
            className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            {texts.backToCart}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form ref={form} action={startAction} className="mt-6 flex flex-col items-start gap-4">
      {/* The total the shopper sees beside the button: the payment starts only if it is still the order's. */}
      <input type="hidden" name="total" value={total} />
      <p role="status">{pending ? texts.opening : ''}</p>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {texts.payNow}
      </button>
    </form>
  );
}
