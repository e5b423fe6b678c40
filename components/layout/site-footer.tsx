import Image from 'next/image';
import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';
import { getFamilies } from '@/lib/catalogue/server';
import { familyPath } from '@/lib/catalogue/slug';
import { storefrontConfig } from '@/lib/config/server';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { FOOTER_LINKS, footerFamilies, PRIVACY_POLICY_PDF } from '@/lib/layout/menu';
import { ContactDialog } from './contact-dialog';

/**
 * Site footer: at most 13 families, legal links and the privacy policy PDF, the
 * certification badge, card payment, phone with hours and call price, contact popup, social link.
 */
export async function SiteFooter() {
  const [families, t, tHeader, tMeta] = await Promise.all([
    getFamilies(),
    getTranslations('footer'),
    getTranslations('header'),
    getTranslations('meta'),
  ]);
  const config = storefrontConfig();
  const phone = formatPhone(config.phone);
  const year = new Date().getFullYear();
  return (
    <footer className="render-when-visible mt-16 border-t border-slate-200 bg-slate-50 text-slate-800">
      <div className="mx-auto grid max-w-shop gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-families" className="lg:col-span-2">
          <h2 id="footer-families" className="mb-3 text-base font-bold text-brand-900">
            {t('families')}
          </h2>
          <ul className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {footerFamilies(families).map((family) => (
              <li key={family.code}>
                <IntentLink href={familyPath(family.code)} className="hover:text-brand-700 hover:underline">
                  {family.name}
                </IntentLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-information">
          <h2 id="footer-information" className="mb-3 text-base font-bold text-brand-900">
            {t('information')}
          </h2>
          <ul className="space-y-1.5 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <IntentLink href={link.href} className="hover:text-brand-700 hover:underline">
                  {t(`links.${link.key}`)}
                </IntentLink>
              </li>
            ))}
            <li>
              <a href={PRIVACY_POLICY_PDF} download className="hover:text-brand-700 hover:underline">
                {t('privacyPolicy')}
              </a>
            </li>
            <li>
              <IntentLink href="/declaration-accessibilite" className="hover:text-brand-700 hover:underline">
                {t('accessibility')}
              </IntentLink>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-service" className="space-y-4">
          <h2 id="footer-service" className="text-base font-bold text-brand-900">
            {t('customerService')}
          </h2>
          <p className="text-sm">
            <a href={phoneHref(config.phone)} className="block text-xl font-bold text-brand-800 hover:underline">
              {phone}
            </a>
            <span className="block text-slate-700">{tHeader('openingHours')}</span>
            <span className="block text-slate-700">{t('callPrice')}</span>
          </p>
          <ContactDialog formUrl={config.contactFormUrl} email={config.contactEmail} phone={phone} />
          {config.socialUrl && (
            <p className="text-sm">
              <a
                href={config.socialUrl}
                rel="noopener noreferrer"
                target="_blank"
                className="font-semibold text-brand-700 hover:underline"
              >
                {t('social')}
              </a>
            </p>
          )}
        </section>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-shop flex-col gap-6 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <div className="flex items-center gap-3">
            <Image src="/badges/centre-vhu-agree.svg" alt={t('certificationAlt')} width={56} height={56} />
            <p>
              <span className="block font-semibold">{t('certification')}</span>
              <span className="block text-slate-700">{t('certificationNumber', { number: config.vhuApproval })}</span>
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Image src="/badges/paiement-carte.svg" alt={t('cardLogoAlt')} width={120} height={40} />
            <p>
              <span className="block font-semibold">{t('securePayment')}</span>
              <span className="block max-w-xs text-slate-700">{t('securePaymentNote')}</span>
            </p>
          </div>
        </div>
        <p className="pb-6 text-center text-xs text-slate-600">
          {t('copyright', { year, siteName: tMeta('siteName') })}
        </p>
      </div>
    </footer>
  );
}
