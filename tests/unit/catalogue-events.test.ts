/** The one mapping from the shop API's catalogue events to the cache tags they expire. */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_EVENTS, CATALOGUE_TAGS, tagsOf } from '@/lib/cache/catalogue-events';

describe('catalogue events → cache tags', () => {
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
