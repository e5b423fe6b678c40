/**
 * What happened to parts: created or changed (staff import, photos), held by a payment being made or
 * released when it ends without a sale, sold, restocked (a cancelled order's parts back on sale), or
 * withdrawn from sale by the staff. The storefront keeps the same names (lib/cache/catalogue-events.ts):
 * tests/unit/catalogue-events.test.ts fails when the two lists differ.
 */
export const CATALOGUE_EVENTS = ['created', 'changed', 'held', 'released', 'sold', 'restocked', 'withdrawn'] as const;

export type CatalogueEvent = (typeof CATALOGUE_EVENTS)[number];
