import { isShopIdentifier } from '@/lib/shop-api/identifier';

/** Whole vehicles offered to professionals, as the shop API's ExportVehicle resource gives them. */
export interface ExportVehicle {
  code: string;
  name: string;
  year: number;
  mileage: number;
  fuel: string;
  /** roulant | vei | vge | vhu */
  status: string;
  /** What the status allows, in French (the shop API's words). */
  statusLabel: string;
  condition: string;
  documents: string[];
  /** Asking price excluding VAT in cents; null: on quote only. */
  priceExclVat: number | null;
}

/** What an export vehicle's code can look like: anything else is not sent to the shop API. */
export const isExportVehicleCode = (value: unknown): value is string => isShopIdentifier(value, 32);

export const EXPORT_VEHICLES_PATH = '/compte/vehicules-export';
