/** The most URLs a sitemap file may hold (sitemaps.org), and the shop API's product-index page size. */
export const PARTS_PER_SITEMAP = 50_000;

/** The files sitemap.xml lists for a catalogue of `partCount` parts: the pages, then one per 50 000 parts. */
export function sitemapFiles(partCount: number): string[] {
  const partFiles = Math.max(1, Math.ceil(partCount / PARTS_PER_SITEMAP));
  return ['pages.xml', ...Array.from({ length: partFiles }, (_, i) => `pieces-${i + 1}.xml`)];
}
