'use client';

import { useShallow } from 'zustand/react/shallow';
import { useTranslations } from 'next-intl';
import { fullName, isIdentified } from '@/lib/vehicle/selection';
import { selectChoice, useVehicleStore } from '@/stores/vehicle';

/** The identified vehicle's logo (content brand record) or, without one, its initial. */
function VehicleLogo({ brand, logo }: { brand: string; logo: string | null }) {
  const t = useTranslations('vehicle');
  if (logo) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- small local SVG logos, no optimisation needed
      <img
        src={logo}
        alt={t('logoAlt', { brand })}
        width={48}
        height={48}
        className="h-12 w-12 rounded-full bg-white object-contain p-1"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={t('logoAlt', { brand })}
      className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-xl font-bold text-brand-800"
    >
      {brand.charAt(0)}
    </span>
  );
}

/** Home hero once a vehicle is identified: logo, full name and a reset button. */
export function IdentifiedVehicle() {
  const t = useTranslations('vehicle');
  const choice = useVehicleStore(useShallow(selectChoice));
  const logo = useVehicleStore((state) => state.logo);
  const reset = useVehicleStore((state) => state.reset);
  if (!isIdentified(choice)) return null;
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="identified-vehicle">
      <VehicleLogo brand={choice.brand!.name} logo={logo} />
      <div>
        <p className="text-sm text-slate-600">{t('yourVehicle')}</p>
        <p className="text-xl font-bold text-brand-900">{fullName(choice)}</p>
      </div>
      <button
        type="button"
        onClick={reset}
        className="ml-auto rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t('reset')}
      </button>
    </div>
  );
}
