import Link from 'next/link';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { logoutAction } from '@/lib/auth/actions';
import { AUTH_COOKIES } from '@/lib/auth/session';
import { EXPORT_VEHICLES_PATH } from '@/lib/export-vehicles/types';

const LINKS = [
  ['/compte/profil', 'profileTitle'],
  ['/compte/mot-de-passe', 'passwordTitle'],
  ['/compte/adresses', 'addressesTitle'],
  ['/compte/commandes', 'ordersTitle'],
  ['/compte/donnees', 'dataTitle'],
] as const;

/** The account area's menu and the sign-out button (a form: works without JavaScript). */
export async function AccountNav({ current }: { current: string }) {
  const [t, jar] = await Promise.all([getTranslations('account'), cookies()]);
  // Whole vehicles are sold to professionals only: the entry is theirs (the page checks again).
  const links =
    jar.get(AUTH_COOKIES.group)?.value === 'professional'
      ? [...LINKS, [EXPORT_VEHICLES_PATH, 'exportVehiclesTitle'] as const]
      : LINKS;
  return (
    <nav aria-label={t('title')} className="mb-8 flex flex-wrap items-center gap-2 border-b border-slate-200 pb-4">
      <Link
        href="/compte"
        aria-current={current === '/compte' ? 'page' : undefined}
        className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100"
      >
        {t('title')}
      </Link>
      {links.map(([href, key]) => (
        <Link
          key={href}
          href={href}
          aria-current={current === href ? 'page' : undefined}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100"
        >
          {t(key)}
        </Link>
      ))}
      <form action={logoutAction} className="ml-auto">
        <button
          type="submit"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {t('signOut')}
        </button>
      </form>
    </nav>
  );
}
