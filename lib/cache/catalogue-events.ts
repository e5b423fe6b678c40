/**
 * The shop API's "catalogue changed" events and the cache tags each one expires: the one place that
 * knows which cached reads a change to parts makes stale (ARCHITECTURE.md, "Events"; decision 0011).
 * Every cached reader of the catalogue names its tags here, and /api/revalidate maps events through here.
 * Reads no event concerns (taxons, shipping methods, countries) carry no tag and expire by time only.
 */

/**
 * What happened to parts, as the shop API announces it (shop-api/src/domain/catalogue-events.ts; a unit
 * test fails when the two lists differ). An event this storefront does not know yet (a newer shop API)
 * is read as `changed`, the widest: its parts' pages, the listings and the part index expire.
 */
export const CATALOGUE_EVENTS = ['created', 'changed', 'held', 'released', 'sold', 'restocked', 'withdrawn'] as const;
type CatalogueEvent = (typeof CATALOGUE_EVENTS)[number];

/** The event the storefront acts on for the name the shop API sent. */
export const knownEvent = (name: string): CatalogueEvent =>
  (CATALOGUE_EVENTS as readonly string[]).includes(name) ? (name as CatalogueEvent) : 'changed';

export interface CatalogueChange {
  event: CatalogueEvent;
  codes: string[];
}

/** Tags of the cached catalogue reads. */
export const CATALOGUE_TAGS = {
  /** One part's page (its availability, price, photos, address). */
  part: (code: string) => `product:${code}`,
  /** Listings and searches: each card shows a part's name, price, photo and availability. */
  listings: 'listings',
  /** The part index of the sitemaps: which parts are on sale, at which address. */
  partIndex: 'part-index',
} as const;

/** Events that change which parts are on sale or their address (the sitemaps' part index). */
const CHANGES_INDEX: Record<CatalogueEvent, boolean> = {
  created: true,
  changed: true,
  held: false,
  released: false,
  sold: true,
  restocked: true,
  withdrawn: true,
};

/**
 * The tags a change expires. Every event touches the parts' pages and the listings (a held part's card
 * says "Réservée" as its page does); only a part entering or leaving sale, or renamed, touches the index.
 */
export function tagsOf({ event, codes }: CatalogueChange): string[] {
  return [
    ...codes.map(CATALOGUE_TAGS.part),
    CATALOGUE_TAGS.listings,
    ...(CHANGES_INDEX[event] ? [CATALOGUE_TAGS.partIndex] : []),
  ];
}
