import 'server-only';
import { EnumChangefreq, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { partPath } from '@/lib/catalogue/parts';
import { getFamilies } from '@/lib/catalogue/server';
import { familyPath } from '@/lib/catalogue/slug';
import { CATALOGUE_TAGS } from '@/lib/cache/catalogue-events';
import { brandList, contentPages } from '@/lib/content/server';
import { catalogueGet, type HydraCollection } from '@/lib/shop-api/server';
import { PARTS_PER_SITEMAP, sitemapFiles } from './sitemap-files';

/**
 * Sitemaps for a catalogue of hundreds of thousands of parts: an index (sitemap.xml) pointing to one
 * file of pages (home, families, brands, content) and part files of at most 50 000 URLs each, each
 * one page of the shop API's product index asked at that size.
 */
// A part entering or leaving sale, or renamed, expires the part index (lib/cache/catalogue-events.ts).
const SITEMAP_CACHE = { tags: [CATALOGUE_TAGS.partIndex], revalidate: 3600 };

interface IndexEntry {
  code: string;
  slug: string;
  updatedAt: string;
}

const isoDate = (syliusDate: string) => `${syliusDate.replace(' ', 'T')}Z`;

async function partIndex(page: number): Promise<HydraCollection<IndexEntry>> {
  return catalogueGet<HydraCollection<IndexEntry>>('products-index', {
    searchParams: { page, itemsPerPage: PARTS_PER_SITEMAP },
    ld: true,
    cache: SITEMAP_CACHE,
  });
}

async function toXml(
  stream: SitemapStream | SitemapIndexStream,
  items: (SitemapItemLoose | string)[],
): Promise<string> {
  for (const item of items) stream.write(item);
  stream.end();
  return (await streamToPromise(stream)).toString();
}

export async function sitemapIndexXml(siteUrl: string): Promise<string> {
  const first = await partIndex(1);
  return toXml(
    new SitemapIndexStream(),
    sitemapFiles(first['hydra:totalItems']).map((file) => `${siteUrl}/sitemaps/${file}`),
  );
}

export async function pagesSitemapXml(siteUrl: string): Promise<string> {
  const families = await getFamilies();
  const items: SitemapItemLoose[] = [
    { url: '/', changefreq: EnumChangefreq.DAILY, priority: 1 },
    { url: '/pieces', changefreq: EnumChangefreq.DAILY, priority: 0.9 },
    ...families.flatMap((family) => [
      { url: familyPath(family.code), changefreq: EnumChangefreq.DAILY, priority: 0.8 },
      ...family.children.map((child) => ({
        url: familyPath(child.code, family.code),
        changefreq: EnumChangefreq.DAILY,
        priority: 0.7,
      })),
    ]),
    { url: '/marques', changefreq: EnumChangefreq.WEEKLY, priority: 0.6 },
    ...brandList().map((brand) => ({ url: `/marques/${brand.slug}`, changefreq: EnumChangefreq.DAILY, priority: 0.6 })),
    ...contentPages()
      .filter((page) => page.navigation)
      .map((page) => ({ url: page.path, changefreq: EnumChangefreq.MONTHLY, priority: 0.3 })),
  ];
  return toXml(new SitemapStream({ hostname: siteUrl }), items);
}

/** Part sitemap `n` (1-based); null when there is no such file. */
export async function partsSitemapXml(siteUrl: string, n: number): Promise<string | null> {
  const page = await partIndex(n);
  if (page['hydra:member'].length === 0 && n > 1) return null;
  return toXml(
    new SitemapStream({ hostname: siteUrl }),
    page['hydra:member'].map((entry) => ({
      url: partPath(entry.code, entry.slug),
      lastmod: isoDate(entry.updatedAt),
    })),
  );
}
