/**
 * The staff's spreadsheet of export vehicles (`npm run vehicules-export`): each line checked, then the
 * vehicle created, changed or left alone; the answer says which, line by line.
 */
import type { AppContext } from '../context.js';
import { upsertExportVehicle } from '../db/export-vehicles.js';
import { parseExportVehicleLine } from '../domain/export-vehicles.js';
import type { SpreadsheetLinesBody } from '../http/spreadsheet-lines.js';

export type ExportImportResult = { line: number; code: string } & (
  { outcome: 'created' | 'updated' | 'unchanged' } | { outcome: 'rejected'; errors: string[] }
);

export async function importExportVehicles(
  context: AppContext,
  lines: SpreadsheetLinesBody['lines'],
): Promise<ExportImportResult[]> {
  const year = context.now().getFullYear();
  const results: ExportImportResult[] = [];
  for (const { line, record } of lines) {
    const parsed = parseExportVehicleLine(record, year);
    const code = (record.code ?? '').trim().toUpperCase();
    results.push(
      parsed.ok
        ? { line, code, outcome: await upsertExportVehicle(context.db, parsed.vehicle) }
        : { line, code, outcome: 'rejected', errors: parsed.errors },
    );
  }
  return results;
}
