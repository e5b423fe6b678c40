import 'server-only';
import { sessionRefused, UNAVAILABLE, type Unavailable } from '@/lib/account/server';
import { customerCall, type HydraCollection } from '@/lib/shop-api/server';
import { EXPORT_VEHICLES_PATH, isExportVehicleCode, type ExportVehicle } from './types';

/** 403 from the shop API: the account is not a professional one (company and SIRET); UNAVAILABLE: it cannot say for now. */
export type ExportVehicles = { allowed: true; vehicles: ExportVehicle[] } | { allowed: false } | Unavailable;

export async function getExportVehicles(): Promise<ExportVehicles> {
  const answer = await customerCall<HydraCollection<ExportVehicle>>('GET', 'export-vehicles', undefined, {
    refresh: false,
    ld: true,
  });
  if (answer.status === 401) sessionRefused(EXPORT_VEHICLES_PATH);
  if (answer.status === 403) return { allowed: false };
  if (answer.status !== 200 || !answer.body) return UNAVAILABLE;
  return { allowed: true, vehicles: answer.body['hydra:member'] };
}

/** One vehicle still offered; null when unknown or sold, 'forbidden' for a non-professional account. */
export async function getExportVehicle(code: string): Promise<ExportVehicle | null | 'forbidden' | Unavailable> {
  if (!isExportVehicleCode(code)) return null;
  const answer = await customerCall<ExportVehicle>('GET', `export-vehicles/${encodeURIComponent(code)}`, undefined, {
    refresh: false,
  });
  if (answer.status === 401) sessionRefused(`${EXPORT_VEHICLES_PATH}/${code}`);
  if (answer.status === 403) return 'forbidden';
  if (answer.status >= 500) return UNAVAILABLE;
  return answer.status === 200 ? answer.body : null;
}
