/**
 * Parts as the storefront shows them, mapped from the shop API's Product resources (Sylius shape plus
 * the yard's part facts: OEM reference, donor vehicle, grade, warranty, weight). No React, no server-only code: listings on the client use it too.
 */
import { lastSegment } from '@/lib/url/decode';

export interface PartVehicle {
  code: string;
  fullName: string;
}

interface PartImage {
  src: string;
  alt: string;
}

/** For sale, held by a checkout in progress, or sold (shop-api domain/part-availability). */
type PartAvailability = 'available' | 'reserved' | 'sold';

export interface PartSummary {
  code: string;
  name: string;
  /** Canonical URL of the part page. */
  path: string;
  /** Price in cents. */
  price: number;
  inStock: boolean;
  availability: PartAvailability;
  /** ISO date of the sale, null while the part is for sale. */
  soldAt: string | null;
  variantCode: string | null;
  image: PartImage | null;
  oemReference: string | null;
  grade: string;
  warrantyMonths: number;
  weightKg: number;
  mainTaxonCode: string;
  donor: { fullName: string; year: number | null; mileage: number | null } | null;
  compatible: PartVehicle[];
}

export interface PartDetail extends PartSummary {
  description: string;
  images: PartImage[];
  brand: { code: string; name: string } | null;
}

/** Product resource fields the storefront reads (others are ignored). */
export interface ProductResource {
  code: string;
  name: string;
  slug: string;
  description?: string | null;
  mainTaxon?: string | null;
  images?: { path: string }[];
  defaultVariant?: string | null;
  defaultVariantData?: { code?: string; price?: number; inStock?: boolean } | null;
  /** Extension: 'YYYY-MM-DD HH:MM:SS' (UTC) once sold. */
  soldAt?: string | null;
  oemReference?: string | null;
  grade?: string;
  warrantyMonths?: number;
  weight?: number;
  donorVehicle?: {
    fullName: string;
    year?: number | null;
    mileage?: number | null;
    brand?: { code: string; name: string };
  } | null;
  compatibleEngines?: { code: string; fullName: string }[];
}

export const PART_PAGE_PREFIX = '/piece';

export function partPath(code: string, slug: string): string {
  return `${PART_PAGE_PREFIX}/${encodeURIComponent(code)}/${encodeURIComponent(slug)}`;
}

/** The shop API's dates ('YYYY-MM-DD HH:MM:SS', UTC) as ISO strings. */
export function fromShopDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function toPartSummary(product: ProductResource): PartSummary {
  const images = product.images ?? [];
  const inStock = product.defaultVariantData?.inStock ?? false;
  const soldAt = fromShopDate(product.soldAt);
  return {
    code: product.code,
    name: product.name,
    path: partPath(product.code, product.slug),
    price: product.defaultVariantData?.price ?? 0,
    inStock,
    availability: soldAt ? 'sold' : inStock ? 'available' : 'reserved',
    soldAt,
    variantCode: product.defaultVariantData?.code ?? lastSegment(product.defaultVariant),
    image: images[0] ? { src: images[0].path, alt: product.name } : null,
    oemReference: product.oemReference ?? null,
    grade: product.grade ?? '',
    warrantyMonths: product.warrantyMonths ?? 0,
    weightKg: product.weight ?? 0,
    mainTaxonCode: lastSegment(product.mainTaxon) ?? '',
    donor: product.donorVehicle
      ? {
          fullName: product.donorVehicle.fullName,
          year: product.donorVehicle.year ?? null,
          mileage: product.donorVehicle.mileage ?? null,
        }
      : null,
    compatible: (product.compatibleEngines ?? []).map(({ code, fullName }) => ({ code, fullName })),
  };
}

export function toPartDetail(product: ProductResource): PartDetail {
  const summary = toPartSummary(product);
  return {
    ...summary,
    description: product.description ?? '',
    images: (product.images ?? []).map((image, index) => ({
      src: image.path,
      alt: `${product.name} – photo ${index + 1}`,
    })),
    brand: product.donorVehicle?.brand ?? null,
  };
}

/** Listing sort options: the `tri` query parameter and the shop API order it maps to. */
export const SORTS = {
  recent: { param: 'order[createdAt]', direction: 'desc' },
  'prix-croissant': { param: 'order[price]', direction: 'asc' },
  'prix-decroissant': { param: 'order[price]', direction: 'desc' },
} as const;

export type SortKey = keyof typeof SORTS;
export const DEFAULT_SORT: SortKey = 'recent';
/**
 * Parts per listing page: Magento's grid default and close to Sylius's 9. Each card costs ≈3 KB of the
 * page (HTML plus its copy in the RSC payload): 24 made listings twice a content page (bench (a)).
 */
export const PAGE_SIZE = 12;

export const isSortKey = (value: string): value is SortKey => Object.hasOwn(SORTS, value);
