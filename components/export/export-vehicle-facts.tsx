import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format/price';
import type { ExportVehicle } from '@/lib/export-vehicles/types';

const kilometres = new Intl.NumberFormat('fr-FR');

/** What a professional weighs before asking: year, mileage, energy, legal status, condition, papers, price. */
export async function ExportVehicleFacts({ vehicle }: { vehicle: ExportVehicle }) {
  const t = await getTranslations('exportVehicles');
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-800">{t('year')}</dt>
      <dd>{vehicle.year}</dd>
      <dt className="font-semibold text-slate-800">{t('mileage')}</dt>
      <dd>{t('mileageValue', { km: kilometres.format(vehicle.mileage) })}</dd>
      <dt className="font-semibold text-slate-800">{t('fuel')}</dt>
      <dd>{vehicle.fuel}</dd>
      <dt className="font-semibold text-slate-800">{t('status')}</dt>
      <dd>{vehicle.statusLabel}</dd>
      <dt className="font-semibold text-slate-800">{t('condition')}</dt>
      <dd>{vehicle.condition}</dd>
      <dt className="font-semibold text-slate-800">{t('documents')}</dt>
      <dd>
        <ul className="list-disc pl-5">
          {vehicle.documents.map((document) => (
            <li key={document}>{document}</li>
          ))}
        </ul>
      </dd>
      <dt className="font-semibold text-slate-800">{t('price')}</dt>
      <dd className="font-semibold">
        {vehicle.priceExclVat === null ? t('onQuote') : t('priceExclVat', { price: formatPrice(vehicle.priceExclVat) })}
      </dd>
    </dl>
  );
}
