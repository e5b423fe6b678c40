/** The sales channel: currency and locale of the shop (its settings). */
import type { FastifyPluginAsync } from 'fastify';
import { findChannel } from '../db/channels.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

const channelsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Params: { code: string } }>(`${API_PREFIX}/channels/:code`, async (request) => {
    const row = await findChannel(db, request.params.code);
    if (!row) throw notFound();
    return item('Channel', iri('channels', row.code), {
      code: row.code,
      name: row.name,
      baseCurrency: { '@id': iri('currencies', row.baseCurrencyCode), '@type': 'Currency', code: row.baseCurrencyCode },
      defaultLocale: { '@id': iri('locales', row.defaultLocaleCode), '@type': 'Locale', code: row.defaultLocaleCode },
    });
  });
};

export default channelsRoutes;
