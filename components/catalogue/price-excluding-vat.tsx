import { useTranslations } from 'next-intl';
import { formatPrice, priceExcludingVat } from '@/lib/format/price';

/**
 * "soit 108,25 € HT": in every page's HTML, shown only to professionals (see `.price-ht` in
 * globals.css), so a cached page serves both groups.
 */
export function PriceExcludingVat({ cents, currency = 'EUR' }: { cents: number; currency?: string }) {
  const t = useTranslations('catalogue');
  return (
    <span className="price-ht">{t('excludingVat', { price: formatPrice(priceExcludingVat(cents), currency) })}</span>
  );
}
