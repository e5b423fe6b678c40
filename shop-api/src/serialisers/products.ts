/** A part as the shop contract shows it, in listings and alone. */
import type { ProductRecord, VehicleRef } from '../db/products.js';
import { iri, syliusDate } from '../http/jsonld.js';

const vehicle = (ref: VehicleRef) => ({
  '@id': iri('taxons', ref.code),
  code: ref.code,
  name: ref.name,
  model: { code: ref.modelCode, name: ref.modelName },
  brand: { code: ref.brandCode, name: ref.brandName },
  fullName: `${ref.brandName} ${ref.modelName} ${ref.name}`,
});

export function productFields(product: ProductRecord, mediaUrl: string) {
  const variantIri = product.variant ? iri('product-variants', product.variant.code) : null;
  return {
    id: product.id,
    code: product.code,
    productTaxons: product.productTaxonIds.map((id) => iri('product-taxons', id)),
    mainTaxon: iri('taxons', product.mainTaxonCode),
    reviews: [],
    averageRating: 0,
    images: product.images.map((image) => ({
      '@id': iri('product-images', image.id),
      '@type': 'ProductImage',
      id: image.id,
      type: image.type,
      path: `${mediaUrl}/${image.path}`,
    })),
    variants: variantIri ? [variantIri] : [],
    options: [],
    associations: [],
    createdAt: syliusDate(product.createdAt),
    updatedAt: syliusDate(product.updatedAt),
    name: product.name,
    slug: product.slug,
    description: product.description,
    shortDescription: product.shortDescription,
    defaultVariant: variantIri,
    defaultVariantData: product.variant
      ? {
          '@id': variantIri,
          '@type': 'ProductVariant',
          code: product.variant.code,
          name: product.variant.name,
          inStock: product.variant.inStock,
          price: product.variant.price,
          originalPrice: product.variant.originalPrice,
          lowestPriceBeforeDiscount: null,
        }
      : null,
    // The yard's part facts (the yard's extension of the Sylius product).
    soldAt: product.soldAt ? syliusDate(product.soldAt) : null,
    oemReference: product.oemReference,
    grade: product.grade,
    warrantyMonths: product.warrantyMonths,
    weight: product.weightGrams / 1000,
    donorVehicle: product.donorEngine
      ? {
          ...vehicle(product.donorEngine),
          year: product.donorYear,
          mileage: product.donorMileageKm,
        }
      : null,
    compatibleEngines: product.compatibleEngines.map(vehicle),
  };
}
