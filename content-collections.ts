/**
 * Content store (docs/decisions/0003): markdown the SEO team edits under content/. Front matter is validated at
 * build time; markdown becomes HTML with raw HTML dropped and the rest sanitised (MARKDOWN_OPTIONS:
 * no script, handler or javascript: link from content files).
 */
import { defineCollection, defineConfig } from '@content-collections/core';
import { compileMarkdown } from '@content-collections/markdown';
import { z } from 'zod';
import { MARKDOWN_OPTIONS } from './lib/content/markdown';

const seo = z.object({ title: z.string().optional(), description: z.string().optional() }).optional();
const meta = z.record(z.string(), z.string()).optional();

/** Fields every markdown record carries, from its file: id, extension, stem and path. */
function fileFields(
  document: { _meta: { filePath: string; extension: string; path: string } },
  collection: string,
  base: string,
) {
  const stem = document._meta.path;
  return {
    id: `${collection}/${document._meta.filePath}`,
    extension: document._meta.extension,
    stem,
    path: `${base}/${stem}`.replace(/\/+/g, '/'),
  };
}

const pages = defineCollection({
  name: 'pages',
  directory: 'content/pages',
  include: '**/*.md',
  schema: z.object({
    title: z.string(),
    description: z.string(),
    hero_desc: z.string().optional(),
    navigation: z.boolean().default(true),
    seo,
    meta,
    content: z.string(),
  }),
  transform: async (document, context) => ({
    ...document,
    ...fileFields(document, 'pages', ''),
    body: await compileMarkdown(context, document, MARKDOWN_OPTIONS),
  }),
});

const pieces = defineCollection({
  name: 'pieces',
  directory: 'content/pieces',
  include: '**/*.md',
  schema: z.object({
    title: z.string(),
    description: z.string(),
    navigation: z.boolean().default(true),
    seo,
    meta,
    content: z.string(),
  }),
  transform: async (document, context) => ({
    ...document,
    ...fileFields(document, 'pieces', '/pieces'),
    body: await compileMarkdown(context, document, MARKDOWN_OPTIONS),
  }),
});

const brands = defineCollection({
  name: 'brands',
  directory: 'content/brands',
  include: '*.md',
  schema: z.object({
    title: z.string(),
    logo: z.string().regex(/^\/[a-z0-9/_-]+\.(svg|png|webp)$/),
    meta,
    content: z.string(),
  }),
  transform: async (document, context) => ({
    ...document,
    ...fileFields(document, 'brands', '/marques'),
    // The brand slug equals the brand taxon code without 'piece_': the file name.
    slug: document._meta.path,
    body: await compileMarkdown(context, document, MARKDOWN_OPTIONS),
  }),
});

export default defineConfig({ content: [pages, pieces, brands] });
