import { describe, expect, it } from 'vitest';
import { collection, iri, syliusDate } from './jsonld.js';

const options = { path: '/api/v2/shop/products', context: 'Product' };

describe('hydra collections (API Platform rules)', () => {
  it('has no view without query parameters on a single page', () => {
    const body = collection([{}], { ...options, rawQuery: '', total: 1, paging: { page: 1, itemsPerPage: 30 } });
    expect(body['hydra:view']).toBeUndefined();
    expect(body['hydra:totalItems']).toBe(1);
  });

  it('has a view without paging links when filtered on a single page', () => {
    const body = collection([], {
      ...options,
      rawQuery: 'taxon=family_moteur',
      total: 0,
      paging: { page: 1, itemsPerPage: 30 },
    });
    expect(body['hydra:view']).toEqual({
      '@id': '/api/v2/shop/products?taxon=family_moteur',
      '@type': 'hydra:PartialCollectionView',
    });
  });

  it('adds first, last, previous and next when the result spans pages', () => {
    const body = collection([], { ...options, rawQuery: '', total: 95, paging: { page: 1, itemsPerPage: 30 } });
    expect(body['hydra:view']).toEqual({
      '@id': '/api/v2/shop/products?page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/v2/shop/products?page=1',
      'hydra:last': '/api/v2/shop/products?page=4',
      'hydra:next': '/api/v2/shop/products?page=2',
    });
  });

  it('encodes as RFC 3986', () => {
    const body = collection([], {
      ...options,
      rawQuery: 'search=phare+avant&order[price]=asc',
      total: 1,
      paging: { page: 1, itemsPerPage: 30 },
    });
    expect((body['hydra:view'] as Record<string, string>)['@id']).toBe(
      '/api/v2/shop/products?search=phare%20avant&order%5Bprice%5D=asc',
    );
  });

  it('builds IRIs and Sylius dates', () => {
    expect(iri('taxons', 'family_moteur')).toBe('/api/v2/shop/taxons/family_moteur');
    expect(syliusDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
  });
});
