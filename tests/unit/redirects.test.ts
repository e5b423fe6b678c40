import manifest from '@/content/redirects.json';
import { findRedirect, parseRedirects } from '@/lib/seo/redirects';

describe('redirect manifest', () => {
  it('loads the SEO team file with internal and external targets', () => {
    const rules = parseRedirects(manifest);
    expect(rules.size).toBe(manifest.redirects.length);
    expect([...rules.values()].some((rule) => rule.external)).toBe(true);
    expect([...rules.values()].some((rule) => !rule.external)).toBe(true);
  });

  it('finds a rule with or without a trailing slash', () => {
    const rules = parseRedirects({ redirects: [{ from: '/ancien', to: '/pieces', status: 301 }] });
    expect(findRedirect('/ancien', rules)?.to).toBe('/pieces');
    expect(findRedirect('/ancien/', rules)?.to).toBe('/pieces');
    expect(findRedirect('/autre', rules)).toBeUndefined();
  });

  it('marks https targets as leaving the site and defaults to 301', () => {
    const rules = parseRedirects({ redirects: [{ from: '/dehors', to: 'https://example.org/page' }] });
    expect(findRedirect('/dehors', rules)).toEqual({
      from: '/dehors',
      to: 'https://example.org/page',
      status: 301,
      external: true,
    });
  });

  it.each([
    [{ from: 'pas-de-slash', to: '/x' }, /"from"/],
    [{ from: '//evil.example', to: '/x' }, /"from"/],
    [{ from: '/a', to: 'javascript:alert(1)' }, /"to"/],
    [{ from: '/a', to: 'http://insecure.example' }, /"to"/],
    [{ from: '/a', to: '//evil.example' }, /"to"/],
    [{ from: '/a', to: '/b', status: 307 }, /"status"/],
    [{ from: '/a', to: '/a/' }, /itself/],
  ])('refuses a broken entry %o', (entry, message) => {
    expect(() => parseRedirects({ redirects: [entry] })).toThrow(message);
  });

  it('refuses a path redirected twice', () => {
    expect(() =>
      parseRedirects({
        redirects: [
          { from: '/a', to: '/b' },
          { from: '/a/', to: '/c' },
        ],
      }),
    ).toThrow(/twice/);
  });
});
