import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/seo/json-ld';
import { breadcrumbJsonLd, type Crumb } from '@/lib/seo/json-ld';

/** Breadcrumb trail, with its schema.org BreadcrumbList. The last crumb is the current page. */
export async function Breadcrumbs({ crumbs, siteUrl }: { crumbs: Crumb[]; siteUrl: string }) {
  const t = await getTranslations('catalogue');
  const all: Crumb[] = [{ name: t('home'), path: '/' }, ...crumbs];
  return (
    <>
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm text-slate-700">
        <ol className="flex flex-wrap items-center gap-1">
          {all.map((crumb, index) => (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && (
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              )}
              {index === all.length - 1 ? (
                <span aria-current="page" className="font-medium text-slate-900">
                  {crumb.name}
                </span>
              ) : (
                <IntentLink href={crumb.path} className="hover:text-brand-700 hover:underline">
                  {crumb.name}
                </IntentLink>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(all, siteUrl)} />
    </>
  );
}
