import {
  decodeListingSegment,
  encodeListingSegment,
  listingHref,
  resolveListingQuery,
} from '@/lib/catalogue/listing-url';

const resolve = (path: string, query: string) => resolveListingQuery(path, new URLSearchParams(query));

describe('listing URLs', () => {
  it('leaves defaults out so page 1 in the default order is the clean path', () => {
    expect(listingHref('/pieces/moteur', { page: 1, sort: 'recent' })).toBe('/pieces/moteur');
    expect(listingHref('/pieces/moteur', { page: 3, sort: 'recent' })).toBe('/pieces/moteur?page=3');
    expect(listingHref('/pieces/moteur', { page: 2, sort: 'prix-croissant' })).toBe(
      '/pieces/moteur?page=2&tri=prix-croissant',
    );
  });

  it('round-trips the internal segment and refuses anything else', () => {
    expect(decodeListingSegment(encodeListingSegment({ page: 12, sort: 'prix-decroissant' }))).toEqual({
      page: 12,
      sort: 'prix-decroissant',
    });
    expect(decodeListingSegment('moteur')).toBeNull();
    expect(decodeListingSegment('~0~recent')).toBeNull();
    expect(decodeListingSegment('~2~inconnu')).toBeNull();
    expect(decodeListingSegment('~99999~recent')).toBeNull();
  });

  it('serves clean paths as they are', () => {
    expect(resolve('/pieces/moteur', '')).toEqual({ kind: 'clean' });
    expect(resolve('/pieces/moteur', 'utm_source=x')).toEqual({ kind: 'clean' });
  });

  it('rewrites valid listing parameters to the cached segment route', () => {
    expect(resolve('/pieces/moteur', 'page=2')).toEqual({ kind: 'rewrite', to: '/pieces/moteur/~2~recent' });
    expect(resolve('/pieces', 'page=3&tri=prix-croissant')).toEqual({
      kind: 'rewrite',
      to: '/pieces/~3~prix-croissant',
    });
  });

  it('redirects defaults, invalid values, reordered or extra parameters to the one canonical URL', () => {
    expect(resolve('/pieces/moteur', 'page=1')).toEqual({ kind: 'redirect', to: '/pieces/moteur' });
    expect(resolve('/pieces/moteur', 'tri=recent')).toEqual({ kind: 'redirect', to: '/pieces/moteur' });
    expect(resolve('/pieces/moteur', 'page=abc')).toEqual({ kind: 'redirect', to: '/pieces/moteur' });
    expect(resolve('/pieces/moteur', 'page=-1&tri=prix-croissant')).toEqual({
      kind: 'redirect',
      to: '/pieces/moteur?tri=prix-croissant',
    });
    expect(resolve('/pieces/moteur', 'tri=prix-croissant&page=2')).toEqual({
      kind: 'redirect',
      to: '/pieces/moteur?page=2&tri=prix-croissant',
    });
    expect(resolve('/pieces/moteur', 'page=2&utm_source=x')).toEqual({ kind: 'redirect', to: '/pieces/moteur?page=2' });
    expect(resolve('/pieces/moteur', 'tri=%3Cscript%3E')).toEqual({ kind: 'redirect', to: '/pieces/moteur' });
  });
});
