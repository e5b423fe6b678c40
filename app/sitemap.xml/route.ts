import { storefrontConfig } from '@/lib/config/server';
import { sitemapIndexXml } from '@/lib/seo/sitemap';

export const revalidate = 3600;

/** Sitemap index: the pages file and one file per 50 000 parts. */
export async function GET() {
  return new Response(await sitemapIndexXml(storefrontConfig().siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
