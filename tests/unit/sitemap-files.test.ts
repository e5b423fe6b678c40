import { PARTS_PER_SITEMAP, sitemapFiles } from '@/lib/seo/sitemap-files';

describe('sitemap index sharding (≤ 50 000 URLs a file, 200 000 parts)', () => {
  it('lists the pages file and one part file per 50 000 parts', () => {
    expect(sitemapFiles(200_000)).toEqual([
      'pages.xml',
      'pieces-1.xml',
      'pieces-2.xml',
      'pieces-3.xml',
      'pieces-4.xml',
    ]);
    expect(sitemapFiles(200_001)).toHaveLength(6);
    expect(sitemapFiles(50_000)).toEqual(['pages.xml', 'pieces-1.xml']);
    expect(sitemapFiles(50_001)).toEqual(['pages.xml', 'pieces-1.xml', 'pieces-2.xml']);
  });

  it('keeps one (empty) part file for an empty catalogue', () => {
    expect(sitemapFiles(0)).toEqual(['pages.xml', 'pieces-1.xml']);
  });

  it('never puts more than the protocol’s 50 000 URLs in a file', () => {
    expect(PARTS_PER_SITEMAP).toBeLessThanOrEqual(50_000);
  });
});
