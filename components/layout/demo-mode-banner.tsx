import { getTranslations } from 'next-intl/server';
import { paymentTerms } from '@/lib/payment/server';

/**
 * A strip above the header on every page while the shop API's provider takes no real money (its
 * channel says so), so nobody takes the shop for one that takes money. Decided when the page renders
 * (at build time for cached pages: `npm start` rebuilds when the channel's answer changes).
 */
export async function DemoModeBanner() {
  if ((await paymentTerms()).realMoney) return null;
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
