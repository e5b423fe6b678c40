/** The one mapping from the shop API's catalogue events to the cache tags they expire. */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_EVENTS, CATALOGUE_TAGS, knownEvent, tagsOf } from '@/lib/cache/catalogue-events';
// The two halves share no code (the storefront speaks the shop contract); this test ties the two lists.
import { CATALOGUE_EVENTS as SHOP_API_EVENTS } from '@/shop-api/src/domain/catalogue-events';

describe('catalogue events → cache tags', () => {
  it('knows every event the shop API announces, and no other', () => {
    expect([...CATALOGUE_EVENTS].sort()).toEqual([...SHOP_API_EVENTS].sort());
  });

  it('reads an event it does not know as a change: its parts, the listings and the part index expire', () => {
    expect(knownEvent('sold')).toBe('sold');
    expect(knownEvent('repriced')).toBe('changed');
    expect(tagsOf({ event: knownEvent('repriced'), codes: ['P1'] })).toEqual(['product:P1', 'listings', 'part-index']);
  });

  it('expires the pages of the parts and the listings for every event', () => {
    for (const event of CATALOGUE_EVENTS)
      expect(tagsOf({ event, codes: ['P0000001', 'P0000002'] })).toEqual(
        expect.arrayContaining(['product:P0000001', 'product:P0000002', 'listings']),
      );
  });

  it('expires the part index only when a part enters or leaves sale or changes', () => {
    expect(tagsOf({ event: 'held', codes: ['P1'] })).toEqual(['product:P1', 'listings']);
    expect(tagsOf({ event: 'released', codes: ['P1'] })).toEqual(['product:P1', 'listings']);
    for (const event of ['created', 'changed', 'sold', 'restocked', 'withdrawn'] as const)
      expect(tagsOf({ event, codes: ['P1'] })).toEqual(['product:P1', 'listings', 'part-index']);
  });

  it('names the tags the cached readers use', () => {
    expect(CATALOGUE_TAGS.part('P0000001')).toBe('product:P0000001');
    expect(CATALOGUE_TAGS.listings).toBe('listings');
    expect(CATALOGUE_TAGS.partIndex).toBe('part-index');
  });
});
