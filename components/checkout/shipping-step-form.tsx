'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useState, useTransition, type ReactNode } from 'react';
import { FormOutcome } from '@/components/account/form-parts';
import type { FormResult } from '@/lib/forms/checked';
import { chooseShippingAction, selectShippingAction } from '@/lib/checkout/actions';

/** A method the shop API offers for the order, its price already written out ("9,90 €", "Gratuit"). */
export interface MethodChoice {
  code: string;
  name: string;
  description: string | null;
  priceLabel: string;
}

/**
 * The shipping step as one form: the methods, the recap, then the pay button, in that order on every
 * screen, so parts, delivery and total are read before the button that commits to pay. Each choice
 * is recorded at once and the recap comes back with the order's new totals; the button waits for it.
 * Without JavaScript the pay button records a changed choice and shows the new recap first.
 */
export function ShippingStepForm({
  methods,
  chosen,
  shownTotal,
  intro,
  recap,
}: {
  methods: MethodChoice[];
  /** The order's method once the shopper chose one; null before. */
  chosen: string | null;
  /** The total the recap shows (cents); null while no method is chosen. */
  shownTotal: number | null;
  intro: ReactNode;
  recap: ReactNode;
}) {
  const t = useTranslations('checkout');
  const [outcome, pay, paying] = useActionState(chooseShippingAction, null);
  const [selected, setSelected] = useState<FormResult | null>(null);
  const [picked, setPicked] = useState(chosen);
  const [lastChosen, setLastChosen] = useState(chosen);
  if (chosen !== lastChosen) {
    // The page came back with another method (recorded here or elsewhere): show the order's.
    setLastChosen(chosen);
    setPicked(chosen);
  }
  const [selecting, startSelecting] = useTransition();
  const select = (code: string) => {
    setPicked(code);
    startSelecting(async () => {
      const result = await selectShippingAction(code);
      setSelected(result);
      // A refused method is not the order's: the choice shown goes back to the recap's.
      if (!result.ok) setPicked(chosen);
    });
  };
  // The latest answer: of the last choice, or of the pay button once pressed.
  const result = selected ?? outcome;
  return (
    <form action={pay} onSubmit={() => setSelected(null)} className="grid gap-x-8 gap-y-6 md:grid-cols-[1fr_18rem]">
      <section aria-labelledby="step-title">
        {intro}
        {result && (!result.ok || result.message) && (
          <div className="mb-4">
            <FormOutcome errors={result.ok ? [] : result.messages} success={result.ok ? result.message : null} />
          </div>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-lg font-bold text-brand-900">{t('methodsLegend')}</legend>
          {methods.map((method) => (
            <label
              key={method.code}
              className="flex items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="method"
                value={method.code}
                required
                className="mt-1 size-4"
                checked={picked === method.code}
                onChange={() => select(method.code)}
              />
              <span className="flex-1">
                <span className="block font-semibold text-slate-900">{method.name}</span>
                {method.description && <span className="block text-sm text-slate-700">{method.description}</span>}
              </span>
              <span className="font-bold text-brand-900">{method.priceLabel}</span>
            </label>
          ))}
        </fieldset>
      </section>
      {recap}
      <div className="md:col-start-1">
        <input type="hidden" name="total" value={shownTotal ?? ''} />
        <button
          type="submit"
          disabled={selecting || paying}
          className="rounded-md bg-accent-700 px-6 py-3 text-lg font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
        >
          {t('toPayment')}
        </button>
      </div>
    </form>
  );
}
