/**
 * The staff's export vehicles (`npm run vehicules-export`): every vehicle with the quote requests it
 * received (a request whose mail to the yard failed says so), and the import of the staff's
 * spreadsheet, each line checked here, then created, changed or left alone.
 */
import type { FastifyPluginAsync } from 'fastify';
import { listExportVehiclesWithRequests } from '../db/export-vehicles.js';
import { syliusDate } from '../http/jsonld.js';
import { spreadsheetLinesSchema, type SpreadsheetLinesBody } from '../http/spreadsheet-lines.js';
import { ADMIN_PREFIX, staffGuard } from '../http/staff-auth.js';
import type { AppContext } from '../context.js';
import { importExportVehicles } from '../use-cases/import-export-vehicles.js';

const adminExportVehiclesRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, staffToken } = context;
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
    async (request) => ({ results: await importExportVehicles(context, request.body.lines) }),
  );
};

export default adminExportVehiclesRoutes;
