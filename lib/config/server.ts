import 'server-only';

/**
 * Storefront settings from the environment (see README "Settings"). Values shown in cached pages
 * (phone, links) are read when the page is rendered; `npm start` rebuilds when they change.
 */
export interface StorefrontConfig {
  /** Public URL of the storefront (canonical links, return URLs). */
  siteUrl: string;
  /** Customer service phone, French digits (public runtime config). */
  phone: string;
  /** Address of the embedded contact form; empty: the popup offers phone and e-mail instead. */
  contactFormUrl: string;
  contactEmail: string;
  /** The yard's social page; empty: no link. */
  socialUrl: string;
  /** Approval number of the end-of-life vehicle centre (shown with the certification badge). */
  vhuApproval: string;
}

export function storefrontConfig(): StorefrontConfig {
  const env = process.env;
  return {
    siteUrl: (env.SITE_URL || 'http://localhost:3000').replace(/\/$/, ''),
    phone: env.SHOP_PHONE || '0353011234',
    contactFormUrl: env.CONTACT_FORM_URL || '',
    contactEmail: env.CONTACT_EMAIL || 'contact@pieces-auto-recyclees.fr',
    socialUrl: env.SOCIAL_URL || '',
    vhuApproval: env.VHU_APPROVAL || 'PR 59 000 00 D',
  };
}
