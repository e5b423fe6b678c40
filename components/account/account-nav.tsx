import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { logoutAction } from '@/lib/auth/actions';

const LINKS = [
  ['/compte/profil', 'profileTitle'],
  ['/compte/mot-de-passe', 'passwordTitle'],
  ['/compte/adresses', 'addressesTitle'],
  ['/compte/commandes', 'ordersTitle'],
  ['/compte/donnees', 'dataTitle'],
] as const;

/** The account area's menu and the sign-out button (a form: works without JavaScript). */
export async function AccountNav({ current }: { current: string }) {
  const t = await getTranslations('account');
  return (
    <nav aria-label={t('title')} className="mb-8 flex flex-wrap items-center gap-2 border-b border-slate-200 pb-4">
      <Link href="/compte" aria-current={current === '/compte' ? 'page' : undefined} className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100">{t('title')}</Link>
      {LINKS.map(([href, key]) => (
        <Link key={href} href={href} aria-current={current === href ? 'page' : undefined} className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100">{t(key)}</Link>
      ))}
      <form action={logoutAction} className="ml-auto">
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100">{t('signOut')}</button>
      </form>
    </nav>
  );
}
