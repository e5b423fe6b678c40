import fc from 'fast-check';
import {
  parseSearchSegment,
  normaliseQuery,
  resolveSearchQuery,
  searchHref,
  searchSegmentPath,
} from '@/lib/catalogue/search-url';

const resolve = (path: string, query: string) => resolveSearchQuery(path, new URLSearchParams(query));
/** What the page receives: the last segment of the rewritten path. */
const segmentOf = (path: string) => path.slice('/recherche/'.length);
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('search URLs', () => {
  it('rewrites a search with words to its cached segment, page 1 unless a valid page is given', () => {
    expect(resolve('/recherche', 'q=phare')).toEqual({ kind: 'rewrite', to: `/recherche/~1~${b64('phare')}` });
    expect(resolve('/recherche', 'q=porte%20avant&page=3')).toEqual({
      kind: 'rewrite',
      to: `/recherche/~3~${b64('porte avant')}`,
    });
    for (const page of ['0', '-1', 'abc', '99999', '2.5'])
      expect(resolve('/recherche', `q=phare&page=${page}`)).toEqual({
        kind: 'rewrite',
        to: `/recherche/~1~${b64('phare')}`,
      });
  });

  it('leaves the static search page to a search without words', () => {
    expect(resolve('/recherche', '')).toEqual({ kind: 'clean' });
    expect(resolve('/recherche', 'q=%20%20')).toEqual({ kind: 'clean' });
    expect(resolve('/recherche', 'q=%00%1f&page=2')).toEqual({ kind: 'clean' });
  });

  it('sends an internal segment typed as an address back to the one public URL', () => {
    expect(resolve(`/recherche/~2~${b64('phare')}`, '')).toEqual({
      kind: 'redirect',
      to: '/recherche?q=phare&page=2',
    });
    // Only the one segment the proxy writes for a search: another spelling of it names nothing.
    expect(resolve('/recherche/~2~phare', '')).toEqual({ kind: 'redirect', to: '/recherche' });
    expect(resolve(`/recherche/~2~${b64(' phare')}`, '')).toEqual({ kind: 'redirect', to: '/recherche' });
    expect(resolve('/recherche/n-importe-quoi', '')).toEqual({ kind: 'redirect', to: '/recherche' });
    expect(resolve('/recherche/%E0%A4%A', '')).toEqual({ kind: 'redirect', to: '/recherche' });
  });

  it('keeps a percent sign typed in the words, once', () => {
    for (const typed of ['50%', 'moteur%25', '%', '100% neuf']) {
      const outcome = resolve('/recherche', new URLSearchParams({ q: typed }).toString());
      expect(parseSearchSegment(segmentOf((outcome as { to: string }).to))).toEqual({ query: typed, page: 1 });
    }
  });

  it('cleans what is typed as the shop API is asked it', () => {
    expect(normaliseQuery('  phare\u0000avant\n ')).toBe('phare avant');
    expect(normaliseQuery('porte \t  avant\u00a0 gauche')).toBe('porte avant gauche');
    expect(normaliseQuery('x'.repeat(150))).toHaveLength(100);
    expect(normaliseQuery('\ud800moteur')).toBe('\ufffdmoteur');
  });

  it('gives the page the very search that was typed, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.integer({ min: 1, max: 10_000 }), (typed, page) => {
        const outcome = resolve('/recherche', new URLSearchParams({ q: typed, page: String(page) }).toString());
        const query = normaliseQuery(typed);
        if (!query) {
          expect(outcome).toEqual({ kind: 'clean' });
          return;
        }
        expect(outcome.kind).toBe('rewrite');
        const to = (outcome as { to: string }).to;
        // One segment that no decoding changes, whatever the words hold (slashes, spaces, percent signs).
        expect(segmentOf(to)).toMatch(/^~\d+~[A-Za-z0-9_-]+$/);
        expect(parseSearchSegment(segmentOf(to))).toEqual({ query, page });
        expect(searchSegmentPath({ query, page })).toBe(to);
        // The public URL of the same search leads back to it.
        const back = new URL(searchHref({ query, page }), 'http://shop');
        expect(resolveSearchQuery(back.pathname, back.searchParams)).toEqual(outcome);
      }),
    );
  });
});
