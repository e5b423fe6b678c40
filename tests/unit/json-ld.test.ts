import { toPartDetail, type ProductResource } from '@/lib/catalogue/parts';
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from '@/lib/seo/json-ld';

const product: ProductResource = {
  code: 'P0000042',
  name: 'Phare avant gauche Renault Clio IV </script><script>alert(1)</script>',
  slug: 'phare-avant-gauche-renault-clio-iv-p0000042',
  description: 'Phare avant gauche d\u2028occasion.\n\nSuite.',
  mainTaxon: '/api/v2/shop/taxons/family_eclairage_phare',
  images: [{ path: 'http://localhost:8000/media/image/parts/P0000042-1.webp' }],
  defaultVariant: '/api/v2/shop/product-variants/P0000042',
  defaultVariantData: { code: 'P0000042', price: 12990, inStock: true },
  oemReference: '8200 123 456',
  grade: 'A',
  warrantyMonths: 6,
  weight: 3.2,
  donorVehicle: {
    fullName: 'Renault Clio IV 1.5 dCi 90',
    year: 2015,
    mileage: 120000,
    brand: { code: 'piece_renault', name: 'Renault' },
  },
  compatibleEngines: [{ code: 'piece_renault_clio-iv_1-5-dci-90', fullName: 'Renault Clio IV 1.5 dCi 90' }],
};

describe('JSON-LD', () => {
  it('escapes characters that could end the inline script', () => {
    const json = serializeJsonLd({ name: product.name, text: 'a\u2028b\u2029c & d' });
    expect(json).not.toContain('</script>');
    expect(json).not.toMatch(/[<>\u2028\u2029&]/);
    expect(JSON.parse(json)).toEqual({ name: product.name, text: 'a\u2028b\u2029c & d' });
  });

  it('describes a used part as a Product with a used-condition Offer', () => {
    const part = toPartDetail(product);
    const data = productJsonLd(part, 'https://shop.example', 'Renault');
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: 'P0000042',
      mpn: '8200 123 456',
      brand: { name: 'Renault' },
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        price: '129.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url: 'https://shop.example/piece/P0000042/phare-avant-gauche-renault-clio-iv-p0000042',
      },
    });
    const sold = toPartDetail({
      ...product,
      soldAt: '2026-11-20 10:00:00',
      defaultVariantData: { ...product.defaultVariantData, inStock: false },
    });
    expect(productJsonLd(sold, 'https://shop.example', null).offers.availability).toBe('https://schema.org/SoldOut');
    const held = toPartDetail({ ...product, defaultVariantData: { ...product.defaultVariantData, inStock: false } });
    expect(productJsonLd(held, 'https://shop.example', null).offers.availability).toBe(
      'https://schema.org/LimitedAvailability',
    );
  });

  it('numbers breadcrumb items from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Accueil', path: '/' },
          { name: 'Moteur', path: '/pieces/moteur' },
        ],
        'https://shop.example',
      ).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Moteur', item: 'https://shop.example/pieces/moteur' },
    ]);
  });
});

describe('part mapping', () => {
  it('reads the Sylius product and the yard facts into a part', () => {
    const part = toPartDetail(product);
    expect(part).toMatchObject({
      code: 'P0000042',
      price: 12990,
      inStock: true,
      variantCode: 'P0000042',
      mainTaxonCode: 'family_eclairage_phare',
      path: '/piece/P0000042/phare-avant-gauche-renault-clio-iv-p0000042',
      weightKg: 3.2,
      brand: { code: 'piece_renault', name: 'Renault' },
    });
    expect(part.images[0]!.alt).toContain('photo 1');
    expect(part).toMatchObject({ availability: 'available', soldAt: null });
  });

  it('tells a sold part (sale date in UTC) from one held by a checkout', () => {
    const sold = toPartDetail({
      ...product,
      soldAt: '2026-11-20 10:00:00',
      defaultVariantData: { price: 12990, inStock: false },
    });
    expect(sold).toMatchObject({ availability: 'sold', soldAt: '2026-11-20T10:00:00.000Z' });
    const held = toPartDetail({ ...product, defaultVariantData: { price: 12990, inStock: false } });
    expect(held).toMatchObject({ availability: 'reserved', soldAt: null });
  });

  it('tolerates absent optional fields (another Sylius may not send them)', () => {
    const part = toPartDetail({ code: 'X', name: 'Pièce', slug: 'piece' });
    expect(part).toMatchObject({
      price: 0,
      inStock: false,
      image: null,
      donor: null,
      compatible: [],
      brand: null,
      variantCode: null,
    });
  });
});
