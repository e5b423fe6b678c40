import type { Metadata } from 'next';
import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('deletedTitle'), robots: { index: false, follow: false } };
}

/** Where the account's deletion ends: the session is gone, the shop stays open to browse. */
export default async function AccountDeletedPage() {
  const t = await getTranslations('account');
  return (
    <section className="mx-auto max-w-2xl py-10 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{t('deletedTitle')}</h1>
      <p role="status" className="mt-4 text-lg text-slate-700">
        {t('deletedText')}
      </p>
      <p className="mt-8">
        <IntentLink href="/" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('browse')}
        </IntentLink>
      </p>
    </section>
  );
}
