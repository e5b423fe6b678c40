'use client';

import dynamic from 'next/dynamic';
import { useShallow } from 'zustand/react/shallow';
import type { ReactNode } from 'react';
import type { ListingState } from '@/lib/catalogue/listing-url';
import { isIdentified } from '@/lib/vehicle/selection';
import { selectChoice, useVehicleStore } from '@/stores/vehicle';

// Loaded only once a vehicle filters the listing: most visits (and every crawler) never need it.
const FilteredListing = dynamic(() => import('./filtered-listing').then((module) => module.FilteredListing), {
  ssr: false,
});

/**
 * Filters a listing by the visitor's vehicle (client state, so crawlers keep the clean,
 * unfiltered HTML given as `children`). A visible button turns the filter off.
 */
export function VehicleListing({
  taxonCode,
  state,
  children,
}: {
  taxonCode: string | null;
  state: ListingState;
  children: ReactNode;
}) {
  const choice = useVehicleStore(useShallow(selectChoice));
  const filtering = useVehicleStore((s) => s.filtering);
  if (!filtering || !isIdentified(choice)) return <>{children}</>;
  return <FilteredListing taxonCode={taxonCode} state={state} choice={choice} />;
}
