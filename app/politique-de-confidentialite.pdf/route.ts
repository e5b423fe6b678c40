import { storefrontConfig } from '@/lib/config/server';
import { contentPagePdf } from '@/lib/content/pdf';
import { findPage } from '@/lib/content/server';
import { text } from '@/lib/i18n/answers';
import { PRIVACY_POLICY_PDF } from '@/lib/layout/menu';

// Built once with the site: the PDF follows the markdown page the SEO team edits.
export const dynamic = 'force-static';

/** The privacy policy as the PDF the footer links to, made from content/pages/politique-de-confidentialite.md. */
export async function GET() {
  const page = findPage('politique-de-confidentialite');
  if (!page) return new Response(text('privacyPolicyMissing'), { status: 404 });
  const pdf = await contentPagePdf({
    title: page.title,
    markdown: page.content,
    siteUrl: storefrontConfig().siteUrl,
    date: new Date(),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${PRIVACY_POLICY_PDF.slice(1)}"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
