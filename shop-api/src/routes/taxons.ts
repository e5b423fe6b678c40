/** Taxons: part families and sub-families, vehicle brands, models and engines. */
import type { FastifyPluginAsync } from 'fastify';
import { findTaxon, listTaxonChildren, type TaxonWithChildren } from '../db/taxons.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

function taxonFields(taxon: TaxonWithChildren) {
  return {
    id: taxon.id,
    code: taxon.code,
    children: taxon.childCodes.map((code) => iri('taxons', code)),
    images: [],
    name: taxon.name,
    slug: taxon.slug,
    description: taxon.description,
    position: taxon.position,
  };
}

const taxonsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, channelCode }) => {
  app.get<{ Querystring: { parentCode?: string } }>(
    `${API_PREFIX}/taxons`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { parentCode: { type: 'string', minLength: 1, maxLength: 255 } },
        },
      },
    },
    async (request) => {
      const rows = await listTaxonChildren(db, request.query.parentCode, channelCode);
      return collection(
        rows.map((row) => member('Taxon', iri('taxons', row.code), taxonFields(row))),
        {
          path: `${API_PREFIX}/taxons`,
          context: 'Taxon',
          rawQuery: request.url.split('?')[1] ?? '',
          total: rows.length,
        },
      );
    },
  );

  app.get<{ Params: { code: string } }>(`${API_PREFIX}/taxons/:code`, async (request) => {
    const taxon = await findTaxon(db, request.params.code);
    if (!taxon) throw notFound();
    return item('Taxon', iri('taxons', taxon.code), taxonFields(taxon));
  });
};

export default taxonsRoutes;
