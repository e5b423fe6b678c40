'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PartCard } from '@/components/catalogue/part-card';
import type { ListingState } from '@/lib/catalogue/listing-url';
import type { PartSummary } from '@/lib/catalogue/parts';
import { fullName, type VehicleChoice } from '@/lib/vehicle/selection';
import { useVehicleStore } from '@/stores/vehicle';

interface Listing {
  parts: PartSummary[];
  total: number;
  pageCount: number;
}

/** The listing filtered by the visitor's engine, fetched from /api/parts and paged here. */
export function FilteredListing({
  taxonCode,
  state,
  choice,
}: {
  taxonCode: string | null;
  state: ListingState;
  choice: VehicleChoice;
}) {
  const t = useTranslations('vehicle');
  const tCatalogue = useTranslations('catalogue');
  const setFiltering = useVehicleStore((s) => s.setFiltering);
  const engine = choice.engine?.code;
  // Filtered results are paged here: the URL's page belongs to the unfiltered listing.
  const [page, setPage] = useState(1);
  const { data, error } = useQuery<Listing>({
    queryKey: ['parts', taxonCode, engine, page, state.sort],
    queryFn: async () => {
      const params = new URLSearchParams({ vehicle: engine!, page: String(page), tri: state.sort });
      if (taxonCode) params.set('taxon', taxonCode);
      const response = await fetch(`/api/parts?${params}`);
      // 404: a stored vehicle the catalogue no longer has; the storefront says so in French.
      if (!response.ok) {
        const body =
          response.status === 404 ? ((await response.json().catch(() => null)) as { message?: string } | null) : null;
        throw new Error(body?.message ?? '');
      }
      return response.json();
    },
  });

  return (
    <section aria-labelledby="vehicle-filter-title" aria-busy={!data} className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3">
        <h2 id="vehicle-filter-title" className="font-semibold text-brand-900">
          {t('filteredFor', { vehicle: fullName(choice) })}
        </h2>
        <button
          type="button"
          onClick={() => setFiltering(false)}
          className="rounded-md border border-brand-700 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          {t('showAll')}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-4 text-red-800">
          {error.message || t('loadError')}
        </p>
      )}
      {data && (
        <>
          <p className="mt-4 text-slate-700">{tCatalogue('count', { count: data.total })}</p>
          {data.parts.length === 0 ? (
            <p className="mt-6 rounded-lg bg-slate-50 p-6 text-slate-700">{tCatalogue('empty')}</p>
          ) : (
            <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {data.parts.map((part) => (
                <li key={part.code} className="relative">
                  <PartCard part={part} />
                </li>
              ))}
            </ul>
          )}
          {data.pageCount > 1 && (
            <nav aria-label={tCatalogue('pagination')} className="mt-8 flex items-center justify-center gap-3">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium disabled:opacity-50"
              >
                {tCatalogue('previous')}
              </button>
              <span className="text-sm text-slate-700">{tCatalogue('pageN', { page })}</span>
              <button
                type="button"
                disabled={page >= data.pageCount}
                onClick={() => setPage(page + 1)}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium disabled:opacity-50"
              >
                {tCatalogue('next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
