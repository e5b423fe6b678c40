/** Countries the shop delivers to, named in French. */
import type { FastifyPluginAsync } from 'fastify';
import { enabledCountryCodes, findEnabledCountry } from '../db/countries.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

const frenchNames = new Intl.DisplayNames(['fr'], { type: 'region' });

const countryFields = (code: string) => ({ code, name: frenchNames.of(code) ?? code, provinces: [] });

const countriesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get(`${API_PREFIX}/countries`, async (request) => {
    const codes = await enabledCountryCodes(db);
    const members = codes
      .map((code) => member('Country', iri('countries', code), countryFields(code)))
      .sort((a, b) => String(a.name).localeCompare(String(b.name), 'fr'));
    return collection(members, {
      path: `${API_PREFIX}/countries`,
      context: 'Country',
      rawQuery: request.url.split('?')[1] ?? '',
      total: codes.length,
    });
  });

  app.get<{ Params: { code: string } }>(`${API_PREFIX}/countries/:code`, async (request) => {
    const code = await findEnabledCountry(db, request.params.code.toUpperCase());
    if (!code) throw notFound();
    return item('Country', iri('countries', code), countryFields(code));
  });
};

export default countriesRoutes;
