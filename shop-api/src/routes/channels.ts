/**
 * The sales channel: currency and locale of the shop (its settings), and the yard's extension
 * `paymentProvider`, what the storefront must know of the provider payments open with: its name for
 * shoppers, whether it takes real money (no demonstration banner), its checkout origins (the
 * storefront's CSP). A Sylius without it leaves the storefront on its safe default (decision 0029).
 */
import type { FastifyPluginAsync } from 'fastify';
import { findChannel } from '../db/channels.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

const channelsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, paymentTerms }) => {
  app.get<{ Params: { code: string } }>(`${API_PREFIX}/channels/:code`, async (request) => {
    const row = await findChannel(db, request.params.code);
    if (!row) throw notFound();
    return item('Channel', iri('channels', row.code), {
      code: row.code,
      name: row.name,
      baseCurrency: { '@id': iri('currencies', row.baseCurrencyCode), '@type': 'Currency', code: row.baseCurrencyCode },
      defaultLocale: { '@id': iri('locales', row.defaultLocaleCode), '@type': 'Locale', code: row.defaultLocaleCode },
      paymentProvider: paymentTerms,
    });
  });
};

export default channelsRoutes;
