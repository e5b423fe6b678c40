/**
 * How the content collections turn markdown into the HTML their pages insert as is: GitHub-flavoured
 * markdown, raw HTML dropped (remark-rehype's default), then rehype-sanitize with GitHub's schema, so
 * that a content file can hold no script, event handler, style, frame or form, and its links and images
 * only relative, http(s) and mailto addresses (no javascript:, data: or vbscript:).
 * Relative imports only: the content-collections builder bundles this file with its config.
 */
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

export const MARKDOWN_OPTIONS = {
  remarkPlugins: [remarkGfm],
  rehypePlugins: [[rehypeSanitize, defaultSchema] as [typeof rehypeSanitize, typeof defaultSchema]],
};
