/** Countries the shop delivers to, named in French. */
import { asc, eq, and } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { countries } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

const frenchNames = new Intl.DisplayNames(['fr'], { type: 'region' });

const countryFields = (code: string) => ({ code, name: frenchNames.of(code) ?? code, provinces: [] });

const countriesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get(`${API_PREFIX}/countries`, async (request) => {
    const rows = await db.select().from(countries).where(eq(countries.enabled, true)).orderBy(asc(countries.code));
    const members = rows
      .map((row) => member('Country', iri('countries', row.code), countryFields(row.code)))
      .sort((a, b) => String(a.name).localeCompare(String(b.name), 'fr'));
    return collection(members, {
      path: `${API_PREFIX}/countries`,
      context: 'Country',
      rawQuery: request.url.split('?')[1] ?? '',
      total: rows.length,
    });
  });

  app.get<{ Params: { code: string } }>(`${API_PREFIX}/countries/:code`, async (request) => {
    const [row] = await db
      .select()
      .from(countries)
      .where(and(eq(countries.code, request.params.code.toUpperCase()), eq(countries.enabled, true)));
    if (!row) throw notFound();
    return item('Country', iri('countries', row.code), countryFields(row.code));
  });
};

export default countriesRoutes;
