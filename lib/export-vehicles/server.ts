import 'server-only';
import { sessionRefused } from '@/lib/account/server';
import { customerCall } from '@/lib/auth/server';
import type { HydraCollection } from '@/lib/shop-api/server';
import { EXPORT_VEHICLES_PATH, isExportVehicleCode, type ExportVehicle } from './types';

/** 403 from the shop API: the account is not a professional one (company and SIRET). */
export type ExportVehicles = { allowed: true; vehicles: ExportVehicle[] } | { allowed: false };

export async function getExportVehicles(): Promise<ExportVehicles> {
  const answer = await customerCall<HydraCollection<ExportVehicle>>('GET', 'export-vehicles', undefined, {
    refresh: false,
  });
  if (answer.status === 401) sessionRefused(EXPORT_VEHICLES_PATH);
  if (answer.status === 403) return { allowed: false };
  if (answer.status !== 200 || !answer.body) throw new Error(`GET export-vehicles: ${answer.status}`);
  return { allowed: true, vehicles: answer.body['hydra:member'] };
}

/** One vehicle still offered; null when unknown or sold, 'forbidden' for a non-professional account. */
export async function getExportVehicle(code: string): Promise<ExportVehicle | null | 'forbidden'> {
  if (!isExportVehicleCode(code)) return null;
  const answer = await customerCall<ExportVehicle>('GET', `export-vehicles/${encodeURIComponent(code)}`, undefined, {
    refresh: false,
  });
  if (answer.status === 401) sessionRefused(`${EXPORT_VEHICLES_PATH}/${code}`);
  if (answer.status === 403) return 'forbidden';
  return answer.status === 200 ? answer.body : null;
}
