import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';
import { PhoneIcon } from '@/components/ui/icons';
import { getFamilies } from '@/lib/catalogue/server';
import { storefrontConfig } from '@/lib/config/server';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { headerFamilies } from '@/lib/layout/menu';
import { DesktopNav } from './desktop-nav';
import { HeaderActions } from './header-actions';
import { HeaderShell } from './header-shell';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';
import { SiteLogo } from './site-logo';
import { VehiclePanel } from '@/components/vehicle/vehicle-panel';

/** Site header: logo, phone with opening hours, menus, account and cart. */
export async function SiteHeader() {
  const [families, t, tMeta] = await Promise.all([getFamilies(), getTranslations('header'), getTranslations('meta')]);
  const { phone } = storefrontConfig();
  const menuFamilies = headerFamilies(families);
  return (
    <HeaderShell>
      <div className="mx-auto flex max-w-shop items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4 lg:py-3">
        <MobileMenu families={menuFamilies} />
        <IntentLink href="/" className="shrink-0" aria-label={t('home', { siteName: tMeta('siteName') })}>
          <SiteLogo className="h-9 w-auto sm:h-10 lg:h-12" />
        </IntentLink>
        <div className="mx-4 hidden max-w-md flex-1 md:block">
          <SearchBox id="search-desktop" />
        </div>
        <a
          href={phoneHref(phone)}
          className="ml-auto hidden items-center gap-3 rounded-md px-3 py-1 text-slate-800 hover:bg-slate-50 md:flex"
          aria-label={t('callAria', { phone: formatPhone(phone) })}
        >
          <PhoneIcon className="h-6 w-6 text-accent-600" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold text-brand-800">{formatPhone(phone)}</span>
            <span className="text-xs text-slate-600">{t('openingHours')}</span>
          </span>
        </a>
        <a
          href={phoneHref(phone)}
          className="ml-auto rounded-md p-2 text-brand-800 md:hidden"
          aria-label={t('callAria', { phone: formatPhone(phone) })}
        >
          <PhoneIcon className="h-6 w-6" />
        </a>
        <HeaderActions />
      </div>
      <div className="mx-auto flex max-w-shop items-center gap-2 px-2 pb-2 sm:gap-4 sm:px-4 lg:pb-0">
        <div className="min-w-0 flex-1 md:hidden">
          <SearchBox id="search-mobile" />
        </div>
        <DesktopNav families={menuFamilies} />
        <div className="lg:ml-auto">
          <VehiclePanel />
        </div>
      </div>
    </HeaderShell>
  );
}
