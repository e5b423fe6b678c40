import { storefrontConfig } from '@/lib/config/server';
import { pagesSitemapXml, partsSitemapXml } from '@/lib/seo/sitemap';

export const revalidate = 3600;

const xml = (body: string) => new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
const notFound = () => new Response('Not Found', { status: 404 });

/** /sitemaps/pages.xml and /sitemaps/pieces-<n>.xml, listed by the index at /sitemap.xml. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const { siteUrl } = storefrontConfig();
  if (file === 'pages.xml') return xml(await pagesSitemapXml(siteUrl));
  const match = /^pieces-([1-9]\d{0,3})\.xml$/.exec(file);
  if (!match) return notFound();
  const body = await partsSitemapXml(siteUrl, Number(match[1]));
  return body ? xml(body) : notFound();
}
