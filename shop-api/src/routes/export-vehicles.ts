/**
 * Whole vehicles for professionals (the yard's extension): the list, one vehicle, and a quote request
 * that mails the yard (replying answers the customer) and sends the customer a copy. Only a signed-in
 * professional account sees or asks anything (403 otherwise); nothing is paid online.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireSignedIn } from '../auth/guard.js';
import {
  findAvailableExportVehicle,
  listAvailableExportVehicles,
  type ExportVehicleRow,
} from '../db/export-vehicles.js';
import {
  checkQuoteRequest,
  EXPORT_MESSAGES,
  EXPORT_VEHICLE_STATUSES,
  isExportVehicleStatus,
  mayBuyExportVehicles,
} from '../domain/export-vehicles.js';
import { HttpError, notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member, syliusDate } from '../http/jsonld.js';
import type { AppContext } from '../context.js';
import { requestQuote } from '../use-cases/request-quote.js';

const RESOURCE = 'export-vehicles';

function vehicleFields(row: ExportVehicleRow) {
  return {
    code: row.code,
    name: `${row.make} ${row.model} ${row.version}`,
    make: row.make,
    model: row.model,
    version: row.version,
    year: row.year,
    mileage: row.mileage,
    fuel: row.fuel,
    status: row.status,
    statusLabel: isExportVehicleStatus(row.status) ? EXPORT_VEHICLE_STATUSES[row.status] : row.status,
    condition: row.condition,
    documents: row.documents,
    priceExclVat: row.priceExclVat,
    createdAt: syliusDate(row.createdAt),
  };
}

const exportVehiclesRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, limits } = context;
  async function professional(request: FastifyRequest) {
    const { customer } = await requireSignedIn(db, jwt, request);
    if (!mayBuyExportVehicles(customer)) throw new HttpError(403, EXPORT_MESSAGES.professionalsOnly);
    return customer;
  }

  const codeParams = { type: 'object', properties: { code: { type: 'string', maxLength: 32 } } } as const;

  app.get(`${API_PREFIX}/${RESOURCE}`, async (request, reply) => {
    await professional(request);
    const rows = await listAvailableExportVehicles(db);
    reply.header('cache-control', 'private, no-store');
    return collection(
      rows.map((row) => member('ExportVehicle', iri(RESOURCE, row.code), vehicleFields(row))),
      {
        path: `${API_PREFIX}/${RESOURCE}`,
        context: 'ExportVehicle',
        rawQuery: '',
        total: rows.length,
      },
    );
  });

  app.get<{ Params: { code: string } }>(
    `${API_PREFIX}/${RESOURCE}/:code`,
    { schema: { params: codeParams } },
    async (request, reply) => {
      await professional(request);
      const row = await findAvailableExportVehicle(db, request.params.code);
      if (!row) throw notFound();
      reply.header('cache-control', 'private, no-store');
      return item('ExportVehicle', iri(RESOURCE, row.code), vehicleFields(row));
    },
  );

  app.post<{ Params: { code: string }; Body: { phoneNumber?: string; destination?: string; message?: string } | null }>(
    `${API_PREFIX}/${RESOURCE}/:code/quote-requests`,
    {
      schema: {
        params: codeParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: {
            phoneNumber: { type: 'string', maxLength: 64 },
            destination: { type: 'string', maxLength: 200 },
            message: { type: 'string', maxLength: 10_000 },
          },
        },
      },
    },
    async (request, reply) => {
      const customer = await professional(request);
      const vehicle = await findAvailableExportVehicle(db, request.params.code);
      if (!vehicle) throw notFound(EXPORT_MESSAGES.unavailable);
      const checked = checkQuoteRequest(request.body ?? {});
      if (!checked.ok) throw new ViolationError(checked.violations);
      await limits.hit(request, 'quotePerCustomer', String(customer.id));
      const { row, requestedAt, notified } = await requestQuote(context, {
        customer,
        vehicle,
        fields: checked.fields,
        log: request.log,
      });
      return reply.status(201).send(
        item('ExportQuoteRequest', `${iri(RESOURCE, vehicle.code)}/quote-requests/${row.id}`, {
          id: row.id,
          vehicle: iri(RESOURCE, vehicle.code),
          phoneNumber: row.phoneNumber,
          destination: row.destination,
          message: row.message,
          requestedAt: syliusDate(requestedAt),
          notified,
        }),
      );
    },
  );
};

export default exportVehiclesRoutes;
