import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { MarkdownBody } from '@/components/content/markdown-body';
import { storefrontConfig } from '@/lib/config/server';
import { contentPages, findPage } from '@/lib/content/server';

/** Only pages of the content store exist here; any other slug is a 404. */
export const dynamicParams = false;

export function generateStaticParams() {
  return contentPages().map((page) => ({ page: page.stem }));
}

type Params = Promise<{ page: string }>;

async function load(params: Params) {
  const page = findPage((await params).page);
  if (!page) notFound();
  return page;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const page = await load(params);
  return {
    title: page.seo?.title ?? page.title,
    description: page.seo?.description ?? page.description,
    alternates: { canonical: page.path },
  };
}

/** Generic content page (/<page>): legal pages, help, export vehicles… */
export default async function ContentPage({ params }: { params: Params }) {
  const page = await load(params);
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumbs crumbs={[{ name: page.title, path: page.path }]} siteUrl={storefrontConfig().siteUrl} />
      <h1 className="text-3xl font-bold text-brand-900">{page.title}</h1>
      {page.hero_desc && <p className="mt-3 text-lg text-slate-700">{page.hero_desc}</p>}
      <MarkdownBody html={page.body} className="mt-6" />
    </article>
  );
}
