/** schema.org structured data for catalogue pages (Product/Offer, BreadcrumbList), safely serialised. */
import type { PartDetail } from '@/lib/catalogue/parts';
import { centsToAmount } from '@/lib/format/price';

export interface Crumb {
  name: string;
  path: string;
}

/**
 * JSON for an inline <script>: `<`, `>`, `&`, U+2028 and U+2029 are escaped so catalogue text
 * (part names, descriptions) can never end the script or break the page.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

/** A part held by a checkout may still come back to sale: limited, not sold out. */
const SCHEMA_AVAILABILITY = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
} as const;

export function productJsonLd(part: PartDetail, siteUrl: string, brandName: string | null) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    sku: part.code,
    ...(part.oemReference ? { mpn: part.oemReference } : {}),
    ...(brandName ? { brand: { '@type': 'Brand', name: brandName } } : {}),
    description: part.description.split('\n')[0],
    image: part.images.map((image) => image.src),
    itemCondition: 'https://schema.org/UsedCondition',
    offers: {
      '@type': 'Offer',
      url: `${siteUrl}${part.path}`,
      price: centsToAmount(part.price).toFixed(2),
      priceCurrency: 'EUR',
      availability: SCHEMA_AVAILABILITY[part.availability],
      itemCondition: 'https://schema.org/UsedCondition',
    },
    weight: { '@type': 'QuantitativeValue', value: part.weightKg, unitCode: 'KGM' },
  };
}
