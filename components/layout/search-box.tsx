import { getTranslations } from 'next-intl/server';

/**
 * Search by words or OEM reference: a plain GET form, so it works before (or without) JavaScript.
 */
export async function SearchBox({ id }: { id: string }) {
  const t = await getTranslations('search');
  return (
    <form action="/recherche" method="get" role="search" className="flex w-full">
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        maxLength={100}
        placeholder={t('placeholder')}
        className="min-w-0 flex-1 rounded-l-md border border-slate-400 px-3 py-2 text-sm placeholder:text-slate-600"
      />
      <button
        type="submit"
        className="rounded-r-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('submit')}
      </button>
    </form>
  );
}
