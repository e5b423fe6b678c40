/**
 * The staff's export vehicles (`npm run vehicules-export`): every vehicle with the quote requests it
 * received (a request whose mail to the yard failed says so), and the import of the staff's
 * spreadsheet, each line checked here, then created, changed or left alone.
 */
import type { FastifyPluginAsync } from 'fastify';
import { listExportVehiclesWithRequests, upsertExportVehicle } from '../db/export-vehicles.js';
import { parseExportVehicleLine } from '../domain/export-vehicles.js';
import { syliusDate } from '../http/jsonld.js';
import { spreadsheetLinesSchema, type SpreadsheetLinesBody } from '../http/spreadsheet-lines.js';
import { ADMIN_PREFIX, staffGuard } from '../http/staff-auth.js';
import type { AppContext } from '../context.js';

export type ExportImportResult = { line: number; code: string } & (
  { outcome: 'created' | 'updated' | 'unchanged' } | { outcome: 'rejected'; errors: string[] }
);

const adminExportVehiclesRoutes: FastifyPluginAsync<AppContext> = async (app, { db, staffToken, now }) => {
  if (!staffToken) return;
  app.addHook('onRequest', staffGuard(staffToken));

  app.get(`${ADMIN_PREFIX}/export-vehicles`, async () =>
    (await listExportVehiclesWithRequests(db)).map(({ vehicle, requests }) => ({
      code: vehicle.code,
      name: `${vehicle.make} ${vehicle.model} ${vehicle.version}`,
      year: vehicle.year,
      status: vehicle.status,
      state: vehicle.state,
      priceExclVat: vehicle.priceExclVat,
      quoteRequests: requests.map((request) => ({
        requestedAt: syliusDate(request.requestedAt),
        companyName: request.companyName,
        contactName: request.contactName,
        email: request.email,
        phoneNumber: request.phoneNumber,
        destination: request.destination,
        notified: request.notifiedAt !== null,
      })),
    })),
  );

  app.put<{ Body: SpreadsheetLinesBody }>(
    `${ADMIN_PREFIX}/export-vehicles`,
    {
      schema: { body: spreadsheetLinesSchema({ maxLines: 500, maxColumns: 30, maxCellLength: 3000 }) },
    },
    async (request) => {
      const year = now().getFullYear();
      const results: ExportImportResult[] = [];
      for (const { line, record } of request.body.lines) {
        const parsed = parseExportVehicleLine(record, year);
        const code = (record.code ?? '').trim().toUpperCase();
        results.push(
          parsed.ok
            ? { line, code, outcome: await upsertExportVehicle(db, parsed.vehicle) }
            : { line, code, outcome: 'rejected', errors: parsed.errors },
        );
      }
      return { results };
    },
  );
};

export default adminExportVehiclesRoutes;
