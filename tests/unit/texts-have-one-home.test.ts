/**
 * Every sentence a shopper reads on the storefront comes from messages/fr.json (next-intl): a French
 * sentence written in a component, a page or a server action would have a second home, and a change
 * of wording made in one place would miss it. This test reads the storefront's code with TypeScript's
 * parser and finds French text in JSX and in string literals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['app', 'components', 'lib'];

/** French that is no sentence of the shop's: each file with its reason. */
const NOT_FOR_SHOPPERS = new Set([
  // Answers read by the shop API and its logs, never by a shopper.
  'app/api/revalidate/route.ts',
  'lib/cache/webhook.ts',
  // A drawing (the same as public/logo.svg, hidden from assistive technology): its words are artwork.
  'components/layout/site-logo.tsx',
]);

/** Words that make a text French, beyond its accented letters. */
const FRENCH_WORDS =
  /\b(le|la|les|des|du|un|une|votre|vos|vous|nous|est|sont|pour|avec|dans|sur|pas|plus|ce|cette|ces|qui|que|et|ou|au|aux|mon|ma|mes)\b/i;

/** Whether `text` reads as a French sentence or label (words, not a class list, a path or a code). */
function isFrench(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 2 || !/[a-zA-ZÀ-ÿ]{2}/.test(trimmed)) return false;
  if (/^[\w.:/@#?&=%[\]()-]+$/.test(trimmed)) return false; // one token: a path, a code, a name
  if (/^[a-z0-9:[\]/().%#!_-]+(\s+[a-z0-9:[\]/().%#!_-]+)+$/.test(trimmed) && !FRENCH_WORDS.test(trimmed)) return false; // a class list
  // Accents, French words, or the shape of a sentence (« Commande introuvable. »): the storefront speaks French only.
  return (
    /[àâçéèêëîïôûùüÿœ’«»]/i.test(trimmed) ||
    (FRENCH_WORDS.test(trimmed) && /\s/.test(trimmed)) ||
    /^[A-ZÀ-Ý][\p{L}'-]*( [\p{L}'-]+)+[.!?…]$/u.test(trimmed)
  );
}

/** Attributes and calls whose strings are never read by a person. */
const SILENT_ATTRIBUTES = new Set([
  'className',
  'href',
  'src',
  'id',
  'name',
  'type',
  'rel',
  'method',
  'action',
  'autoComplete',
  'inputMode',
  'pattern',
  'lang',
  'key',
  'role',
  'target',
  'as',
]);

function frenchTexts(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxAttribute(node) && SILENT_ATTRIBUTES.has(node.name.getText(source))) return;
    // A module's own messages, log lines and errors thrown to developers are not a shopper's text.
    if (
      ts.isCallExpression(node) &&
      /^(console\.\w+|log\.\w+|import|require|t|useTranslations|getTranslations)$/.test(node.expression.getText(source))
    )
      return;
    if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText(source))) return;
    if (ts.isJsxText(node) && isFrench(node.getText(source))) found.push(node.getText(source).trim());
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isFrench(node.text))
      found.push(node.text);
    if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ');
      if (isFrench(text)) found.push(text);
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name))
    .map((name) => join(ROOT, folder, name));
}

describe('the storefront’s sentences have one home, messages/fr.json', () => {
  const files = FOLDERS.flatMap(sourceFiles).map((path) => ({ file: relative(ROOT, path), texts: frenchTexts(path) }));

  it('no component, page or server code writes a French sentence of its own', () => {
    const offending = files.filter(({ file, texts }) => texts.length > 0 && !NOT_FOR_SHOPPERS.has(file));
    expect(offending).toEqual([]);
  });

  it('finds French text where it is, and leaves code alone', () => {
    expect(isFrench('Cette pièce est déjà dans votre panier.')).toBe(true);
    expect(isFrench('Ajouter au panier')).toBe(true);
    expect(isFrench('Commande introuvable.')).toBe(true);
    expect(isFrench('flex items-center gap-2')).toBe(false);
    expect(isFrench('/compte/adresses')).toBe(false);
    expect(isFrench('shop_token')).toBe(false);
  });
});
