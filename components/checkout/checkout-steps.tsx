import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CHECKOUT_STEPS, type CheckoutStepPath } from '@/lib/checkout/state';

/**
 * The three steps, the current one marked. Earlier steps are links back; the payment step never is
 * (entering it starts a payment, so it must not be prefetched or followed by accident).
 */
export async function CheckoutSteps({ current }: { current: CheckoutStepPath }) {
  const t = await getTranslations('checkout');
  const index = CHECKOUT_STEPS.findIndex((step) => step.path === current);
  return (
    <nav aria-label={t('stepsLabel')} className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {CHECKOUT_STEPS.map((step, position) => {
          const label = `${position + 1}. ${t(`steps.${step.key}`)}`;
          const style = 'rounded-full px-3 py-1 font-semibold';
          return (
            <li key={step.path}>
              {position === index ? (
                <span aria-current="step" className={`${style} bg-brand-700 text-white`}>
                  {label}
                </span>
              ) : position < index && step.key !== 'payment' ? (
                <Link href={step.path} className={`${style} bg-brand-50 text-brand-800 underline`}>
                  {label}
                </Link>
              ) : (
                <span className={`${style} bg-slate-100 text-slate-700`}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
