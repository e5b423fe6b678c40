/**
 * A content page as a PDF (the privacy policy the footer links to): the same markdown the
 * SEO team edits, laid out with PDFKit — title, headings, paragraphs, lists, quotes and tables, links
 * written out in full. Tagged (structure for screen readers), in French, with the page title as
 * the document title.
 */
import type { Content, PhrasingContent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import PDFDocument from 'pdfkit';
import { shopName, text } from '@/lib/i18n/answers';

const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', code: 'Courier' } as const;
const INK = '#0f172a';
const MUTED = '#475569';

export interface PdfSource {
  title: string;
  markdown: string;
  /** Absolute origin for the site's own links ("/mentions-legales" → "https://…/mentions-legales"). */
  siteUrl: string;
  /** Document date shown in the footer line. */
  date: Date;
  /** PDF streams left uncompressed (tests read the text). */
  compress?: boolean;
}

/** Text of inline markdown, with the site's links written out. */
function runs(nodes: PhrasingContent[], siteUrl: string, font: keyof typeof FONTS = 'regular'): { text: string; font: keyof typeof FONTS }[] {
  return nodes.flatMap((node) => {
    switch (node.type) {
      case 'text': return [{ text: node.value.replace(/\s+/g, ' '), font }];
      case 'strong': return runs(node.children, siteUrl, 'bold');
      case 'emphasis': return runs(node.children, siteUrl, font === 'bold' ? 'bold' : 'italic');
      case 'inlineCode': return [{ text: node.value, font: 'code' as const }];
      case 'break': return [{ text: '\n', font }];
      case 'link': {
        const label = runs(node.children, siteUrl, font);
        const url = node.url.startsWith('/') ? `${siteUrl}${node.url}` : node.url;
        const shown = label.map((run) => run.text).join('');
        return shown === url || url.startsWith('mailto:') ? label : [...label, { text: ` (${url})`, font }];
      }
      default: return 'children' in node ? runs(node.children as PhrasingContent[], siteUrl, font) : [];
    }
  });
}

export async function contentPagePdf({ title, markdown, siteUrl, date, compress = true }: PdfSource): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: 56, compress, lang: 'fr-FR', tagged: true, displayTitle: true, pdfVersion: '1.7',
    info: { Title: title, Author: shopName, Subject: title, CreationDate: date, ModDate: date },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  // Tagged PDF: every block is a structure element of the document (read in order by screen readers).
  const root = doc.struct('Document');
  doc.addStructure(root);
  const tag = (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw));

  function paragraph(nodes: PhrasingContent[], { size = 10.5, indent = 0, prefix = '', color = INK, gap = 6 } = {}) {
    const parts = runs(nodes, siteUrl);
    if (prefix) parts.unshift({ text: prefix, font: 'regular' });
    if (parts.length === 0) return;
    tag(prefix ? 'LI' : 'P', () => {
      doc.fillColor(color).fontSize(size);
      parts.forEach((part, index) => {
        doc.font(FONTS[part.font]).text(part.text, 56 + indent, undefined, { width: width - indent, continued: index < parts.length - 1, lineGap: 2 });
      });
    });
    doc.moveDown(gap / size);
  }

  function block(node: Content, indent = 0, color = INK) {
    switch (node.type) {
      case 'heading':
        doc.moveDown(0.4);
        tag(node.depth <= 2 ? 'H2' : 'H3', () => {
          doc.font(FONTS.bold).fillColor(INK).fontSize(node.depth <= 2 ? 14 : 12)
            .text(runs(node.children, siteUrl).map((run) => run.text).join(''), 56 + indent, undefined, { width: width - indent });
        });
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        paragraph(node.children, { indent, color });
        break;
      case 'list':
        node.children.forEach((listItem, index) => {
          listItem.children.forEach((child, childIndex) => {
            if (child.type === 'paragraph') paragraph(child.children, { indent: indent + 14, prefix: childIndex === 0 ? (node.ordered ? `${(node.start ?? 1) + index}. ` : '• ') : '', color, gap: 3 });
            else block(child, indent + 14, color);
          });
        });
        doc.moveDown(0.3);
        break;
      case 'blockquote':
        node.children.forEach((child) => block(child, indent + 12, MUTED));
        break;
      case 'table':
        node.children.forEach((row, rowIndex) => {
          const cells = row.children.map((cell) => runs(cell.children, siteUrl).map((run) => run.text).join('').trim());
          tag('P', () => {
            doc.font(rowIndex === 0 ? FONTS.bold : FONTS.regular).fontSize(9.5).fillColor(color)
              .text(cells.join('  —  '), 56 + indent, undefined, { width: width - indent, lineGap: 2 });
          });
          doc.moveDown(0.25);
        });
        doc.moveDown(0.4);
        break;
      case 'thematicBreak':
        doc.moveDown(0.5);
        break;
      case 'code':
        tag('Code', () => {
          doc.font(FONTS.code).fontSize(9).fillColor(color).text(node.value, 56 + indent, undefined, { width: width - indent });
        });
        doc.moveDown(0.4);
        break;
      default:
        break;
    }
  }

  tag('H1', () => doc.font(FONTS.bold).fontSize(20).fillColor(INK).text(title, { width }));
  tag('P', () => doc.font(FONTS.regular).fontSize(9).fillColor(MUTED)
    .text(text('pdfByline', { site: shopName, url: siteUrl, date: date.toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }) }), { width }));
  doc.moveDown(1);
  const tree: Root = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  for (const node of tree.children) block(node);
  root.end();
  doc.end();
  return finished;
}
