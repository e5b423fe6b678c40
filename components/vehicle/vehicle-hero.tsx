'use client';

import { useTranslations } from 'next-intl';
import { isIdentified } from '@/lib/vehicle/selection';
import { selectChoice, useVehicleStore } from '@/stores/vehicle';
import { IdentifiedVehicle } from './vehicle-summary';
import { LazyVehicleSelector } from './lazy-vehicle-selector';

/** The home hero's vehicle search form; once identified, the vehicle and a reset button. */
export function VehicleHero() {
  const t = useTranslations('vehicle');
  const identified = useVehicleStore((state) => isIdentified(selectChoice(state)));
  return (
    <section aria-labelledby="vehicle-search-title" className="mt-8 rounded-xl bg-white p-5 text-slate-900 shadow-lg">
      <h2 id="vehicle-search-title" className="text-lg font-bold text-brand-900">
        {t('title')}
      </h2>
      {identified ? (
        <div className="mt-3">
          <IdentifiedVehicle />
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
          <div className="mt-4">
            <LazyVehicleSelector />
          </div>
        </>
      )}
    </section>
  );
}
