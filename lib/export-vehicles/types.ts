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
export const isExportVehicleCode = (value: string) => /^[A-Za-z0-9-]{1,32}$/.test(value);

export const EXPORT_VEHICLES_PATH = '/compte/vehicules-export';
