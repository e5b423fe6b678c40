/**
 * The customer's rights over their data (the yard's extension; RGPD arts 15, 17, 20): one document with
 * everything kept about them (profile, address book, orders with their addresses and licence plates,
 * withdrawals, quote requests for export vehicles), and the deletion of the account, confirmed by the password. Someone else's id: 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireOwnCustomer } from '../auth/guard.js';
import { listCustomerQuoteRequests } from '../db/export-vehicles.js';
import { customerAddresses, customerOrders, customerPreviousEmails } from '../db/personal-data.js';
import { askerOf } from '../http/asker.js';
import { API_PREFIX, syliusDate } from '../http/jsonld.js';
import { digitsSchema } from '../http/params.js';
import type { AppContext } from '../context.js';
import { deleteAccount } from '../use-cases/account/delete-account.js';

const date = (value: Date | null) => (value ? syliusDate(value) : null);

const personalDataRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, limits, now } = context;
  const params = { type: 'object', properties: { id: digitsSchema } } as const;

  app.get<{ Params: { id: string } }>(
    `${API_PREFIX}/customers/:id/personal-data`,
    { schema: { params } },
    async (request, reply) => {
      const { customer } = await requireOwnCustomer(db, jwt, request, request.params.id);
      const [book, orders, quotes, previousEmails] = await Promise.all([
        customerAddresses(db, customer.id),
        customerOrders(db, customer.id),
        listCustomerQuoteRequests(db, customer.id),
        customerPreviousEmails(db, customer.id, now()),
      ]);
      const plates = [...new Set(orders.flatMap(({ order }) => order.licencePlates?.split(', ') ?? []))];
      reply.header('cache-control', 'no-store');
      return {
        exportedAt: syliusDate(now()),
        shop: 'Pièces Auto Recyclées',
        customer: {
          id: customer.id,
          email: customer.email,
          pendingEmail: customer.pendingEmail,
          // Kept a week after a change: each may take the account back with the link mailed to it.
          previousEmails: previousEmails.map((row) => ({ email: row.email, until: syliusDate(row.until) })),
          firstName: customer.firstName,
          lastName: customer.lastName,
          phoneNumber: customer.phoneNumber,
          gender: customer.gender,
          birthday: date(customer.birthday),
          subscribedToNewsletter: customer.subscribedToNewsletter,
          group: customer.groupCode,
          companyName: customer.companyName,
          siret: customer.siret,
          verifiedAt: date(customer.verifiedAt),
          createdAt: date(customer.createdAt),
          updatedAt: date(customer.updatedAt),
        },
        addresses: book.map(({ customerId: _owner, ...address }) => ({
          ...address,
          createdAt: date(address.createdAt),
          updatedAt: date(address.updatedAt),
          default: address.id === customer.defaultAddressId,
        })),
        licencePlates: plates,
        orders: orders.map(({ order, items, shipment, withdrawals }) => ({
          number: order.number,
          state: order.state,
          paymentState: order.paymentState,
          shippingState: order.shippingState,
          createdAt: date(order.createdAt),
          checkoutCompletedAt: date(order.checkoutCompletedAt),
          fulfilledAt: date(order.fulfilledAt),
          billingAddress: order.billingAddress,
          shippingAddress: order.shippingAddress,
          licencePlates: order.licencePlates?.split(', ') ?? [],
          shippingMethod: shipment?.methodCode ?? null,
          items: items.map((line) => ({ code: line.variantCode, name: line.productName, unitPrice: line.unitPrice })),
          itemsTotal: order.itemsTotal,
          shippingTotal: order.shippingTotal,
          total: order.total,
          currencyCode: order.currencyCode,
          withdrawals: withdrawals.map((row) => ({
            requestedAt: date(row.requestedAt),
            acknowledgedAt: date(row.acknowledgedAt),
            items: row.itemIds.map((id) => items.find((line) => line.id === id)?.variantCode ?? null),
          })),
        })),
        exportQuoteRequests: quotes.map(({ request: row, vehicle }) => ({
          vehicle: `${vehicle.make} ${vehicle.model} ${vehicle.version} (${vehicle.code})`,
          requestedAt: date(row.requestedAt),
          companyName: row.companyName,
          siret: row.siret,
          contactName: row.contactName,
          email: row.email,
          phoneNumber: row.phoneNumber,
          destination: row.destination,
          message: row.message,
        })),
      };
    },
  );

  app.delete<{ Params: { id: string }; Body: { currentPassword?: string } | null }>(
    `${API_PREFIX}/customers/:id`,
    {
      schema: {
        params,
        body: { type: ['object', 'null'], properties: { currentPassword: { type: 'string', maxLength: 4096 } } },
      },
    },
    async (request, reply) => {
      const { customer, claims } = await requireOwnCustomer(db, jwt, request, request.params.id);
      await deleteAccount(context, { customer, session: claims.session }, request.body ?? {}, askerOf(limits, request));
      return reply.status(204).send();
    },
  );
};

export default personalDataRoutes;
