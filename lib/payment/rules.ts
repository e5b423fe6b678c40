/**
 * What the storefront knows of the payment provider: whatever the shop API's channel says in the yard's
 * extension `paymentProvider` (decision 0029). No provider is named here: a new one is a folder of the
 * shop API, and the storefront follows.
 */
export interface PaymentTerms {
  /** False only when the shop API says so: every page then shows the demonstration banner. */
  realMoney: boolean;
  /** Where the payment step may send the browser (the CSP's form-action), each a bare origin. */
  checkoutOrigins: readonly string[];
  /** The provider's name for shoppers, in French; null when the shop API does not say. */
  label: string | null;
}

/**
 * A shop API that does not say (a Sylius without the extension): a shop that takes real money, so no
 * banner that would tell shoppers otherwise; no checkout origin, so the CSP opens nothing more.
 */
export const UNSAID: PaymentTerms = { realMoney: true, checkoutOrigins: [], label: null };

const MAX_LABEL_LENGTH = 80;

/** `value` when it is an http(s) origin and nothing more: anything else could widen the CSP beyond it. */
function bareOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** The terms a channel resource gives; what is missing or malformed falls back to UNSAID's. */
export function paymentTermsOf(channel: unknown): PaymentTerms {
  const said = (channel as { paymentProvider?: unknown } | null)?.paymentProvider;
  if (typeof said !== 'object' || said === null) return UNSAID;
  const { realMoney, checkoutOrigins, label } = said as Record<string, unknown>;
  return {
    realMoney: realMoney !== false,
    checkoutOrigins: Array.isArray(checkoutOrigins)
      ? checkoutOrigins.flatMap((origin) => bareOrigin(origin) ?? [])
      : [],
    label: typeof label === 'string' && label.trim() && label.length <= MAX_LABEL_LENGTH ? label.trim() : null,
  };
}
