/** Prices: the shop API stores integer cents; pages show amount × 0.01 in euros, French style. */
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export function centsToAmount(cents: number): number {
  return cents * 0.01;
}

/** 12990 → "129,90 €" (with the narrow no-break space French typography uses). */
export function formatPrice(cents: number, currency = 'EUR'): string {
  const formatter = currency === 'EUR' ? euros : new Intl.NumberFormat('fr-FR', { style: 'currency', currency });
  return formatter.format(centsToAmount(cents));
}

/** French standard VAT rate, in percent (CGI art. 278): prices are stored VAT included. */
const VAT_RATE_PERCENT = 20;

/** The price excluding VAT that professionals read next to the price including it: 12990 → 10825. */
export function priceExcludingVat(centsIncludingVat: number): number {
  return Math.round((centsIncludingVat * 100) / (100 + VAT_RATE_PERCENT));
}
