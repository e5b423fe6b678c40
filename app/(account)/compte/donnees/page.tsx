import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { DeleteAccountForm } from '@/components/account/delete-account-form';
import { getCustomer } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('dataTitle') };
}

/** The customer's data rights: download everything (access, portability) and delete the account (erasure). */
export default async function PersonalDataPage() {
  const [t] = await Promise.all([getTranslations('account'), getCustomer('/compte/donnees')]);
  return (
    <>
      <AccountNav current="/compte/donnees" />
      <h1 className="text-3xl font-bold text-brand-900">{t('dataTitle')}</h1>
      <section aria-labelledby="data-download" className="mt-6 max-w-2xl">
        <h2 id="data-download" className="text-xl font-bold text-brand-900">
          {t('dataDownloadHeading')}
        </h2>
        <p className="mt-2 text-slate-800">{t('dataDownloadIntro')}</p>
        <p className="mt-4">
          {/* A plain link: the browser saves the file the route answers. */}
          <a
            href="/compte/donnees/telechargement"
            download
            className="inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {t('dataDownload')}
          </a>
        </p>
      </section>
      <section aria-labelledby="data-delete" className="mt-10 max-w-2xl rounded-lg border border-red-200 p-5">
        <h2 id="data-delete" className="text-xl font-bold text-red-900">
          {t('dataDeleteHeading')}
        </h2>
        <p className="mt-2 text-slate-800">{t('dataDeleteIntro')}</p>
        <DeleteAccountForm />
      </section>
      <p className="mt-8 text-sm text-slate-700">
        {t.rich('dataPolicy', {
          link: (chunks) => (
            <Link href="/politique-de-confidentialite" className="font-semibold text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </>
  );
}
