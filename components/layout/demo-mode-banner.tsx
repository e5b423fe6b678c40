import { getTranslations } from 'next-intl/server';
import { storefrontConfig } from '@/lib/config/server';

/**
 * A strip above the header on every page while orders are paid on the sandbox page, so nobody takes
 * the shop for one that takes money. Read from the environment when the page renders (at build time
 * for cached pages: `npm start` rebuilds when PAYMENT_PROVIDER or the Stripe key changes).
 */
export async function DemoModeBanner() {
  if (!storefrontConfig().demoPayments) return null;
  const t = await getTranslations('header');
  return (
    <aside
      aria-label={t('demoModeLabel')}
      className="bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-950"
    >
      <p>{t('demoMode')}</p>
    </aside>
  );
}
