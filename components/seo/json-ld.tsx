import { serializeJsonLd } from '@/lib/seo/json-ld';

/** Inline JSON-LD, serialised with escaping so no text from the catalogue can close the script. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
