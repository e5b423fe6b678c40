/**
 * HTML compiled from the SEO team's markdown at build time. Raw HTML in markdown is dropped by the
 * compiler (content-collections.ts), so this HTML only holds what markdown can express.
 */
export function MarkdownBody({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`content-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
