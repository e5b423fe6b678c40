import 'server-only';
import { allBrands, allPages, allPieces } from 'content-collections';

/**
 * Content store reads (pages, brands, pieces). The records are compiled at build time
 * from content/ and bundled: reading them costs nothing at request time.
 */
export type ContentPage = (typeof allPages)[number];
export type ContentBrand = (typeof allBrands)[number];
export type ContentPiece = (typeof allPieces)[number];

export const contentPages = (): ContentPage[] => allPages;

export const findPage = (stem: string): ContentPage | undefined => allPages.find((page) => page.stem === stem);

/** Brand list for SEO: logo, title and slug of every record, by title. */
export function brandList(): Pick<ContentBrand, 'logo' | 'title' | 'slug'>[] {
  return allBrands
    .map(({ logo, title, slug }) => ({ logo, title, slug }))
    .sort((a, b) => a.title.localeCompare(b.title, 'fr'));
}

export const findBrand = (slug: string): ContentBrand | undefined => allBrands.find((brand) => brand.slug === slug);

/** Editorial text of a family page, by family slug (content/pieces/<slug>.md). */
export const findPieceContent = (familySlug: string): ContentPiece | undefined => allPieces.find((piece) => piece.stem === familySlug);
