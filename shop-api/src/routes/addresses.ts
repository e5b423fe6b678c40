/**
 * The signed-in customer's address book. Every query is scoped to the token's
 * customer: another customer's address id answers 404, exactly like an id that does not exist.
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireCustomer } from '../auth/guard.js';
import { findAddress, listAddresses, type AddressRow } from '../db/customers.js';
import type { AddressInput } from '../domain/customer-rules.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import { digitsSchema } from '../http/params.js';
import type { AppContext } from '../context.js';
import { addAddress, changeAddress, removeAddress } from '../use-cases/address-book.js';

const text = { type: ['string', 'null'], maxLength: 1000 } as const;
const addressBody = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'firstName',
      'lastName',
      'phoneNumber',
      'company',
      'countryCode',
      'provinceCode',
      'provinceName',
      'street',
      'city',
      'postcode',
    ].map((key) => [key, text]),
  ),
} as const;
const idParams = { type: 'object', properties: { id: digitsSchema } } as const;

function addressFields(address: AddressRow) {
  return {
    id: address.id,
    firstName: address.firstName,
    lastName: address.lastName,
    phoneNumber: address.phoneNumber,
    company: address.company,
    countryCode: address.countryCode,
    provinceCode: address.provinceCode,
    provinceName: address.provinceName,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    // The yard's extension: added since the owner last proved the mailbox, to review since a password
    // reset (never preselected at checkout).
    toReview: address.toReview,
  };
}

const addressesRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt } = context;

  app.get(`${API_PREFIX}/addresses`, async (request) => {
    const { customerId } = await requireCustomer(db, jwt, request);
    const rows = await listAddresses(db, customerId);
    return collection(
      rows.map((row) => member('Address', iri('addresses', row.id), addressFields(row))),
      {
        path: `${API_PREFIX}/addresses`,
        context: 'Address',
        rawQuery: '',
        total: rows.length,
      },
    );
  });

  app.post<{ Body: AddressInput }>(
    `${API_PREFIX}/addresses`,
    { schema: { body: addressBody } },
    async (request, reply) => {
      const { customerId } = await requireCustomer(db, jwt, request);
      const row = await addAddress(context, { customerId, input: request.body });
      return reply.status(201).send(item('Address', iri('addresses', row.id), addressFields(row)));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${API_PREFIX}/addresses/:id`,
    { schema: { params: idParams } },
    async (request) => {
      const { customerId } = await requireCustomer(db, jwt, request);
      const row = await findAddress(db, customerId, Number(request.params.id));
      if (!row) throw notFound();
      return item('Address', iri('addresses', row.id), addressFields(row));
    },
  );

  app.put<{ Params: { id: string }; Body: AddressInput }>(
    `${API_PREFIX}/addresses/:id`,
    { schema: { params: idParams, body: addressBody } },
    async (request) => {
      const { customerId } = await requireCustomer(db, jwt, request);
      const row = await changeAddress(context, { customerId, id: Number(request.params.id), input: request.body });
      if (!row) throw notFound();
      return item('Address', iri('addresses', row.id), addressFields(row));
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${API_PREFIX}/addresses/:id`,
    { schema: { params: idParams } },
    async (request, reply) => {
      const { customerId } = await requireCustomer(db, jwt, request);
      if (!(await removeAddress(context, { customerId, id: Number(request.params.id) }))) throw notFound();
      return reply.status(204).send();
    },
  );
};

export default addressesRoutes;
