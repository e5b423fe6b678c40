/**
 * The markdown of the content collections becomes HTML the pages insert as is: whatever a content file
 * says, nothing in it can run a script or load another origin's markup; the shop's own pages are unchanged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMarkdown } from '@content-collections/markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_OPTIONS } from '@/lib/content/markdown';

type Options = Parameters<typeof compileMarkdown>[2];
const context = { cache: (input: unknown, fn: (input: unknown) => unknown) => fn(input) } as unknown as Parameters<
  typeof compileMarkdown
>[0];
const render = (content: string, options: Options = MARKDOWN_OPTIONS) =>
  compileMarkdown(
    context,
    {
      content,
      _meta: { filePath: 'test.md', fileName: 'test.md', directory: '.', path: 'test', extension: 'md' },
    } as never,
    options,
  );

const HOSTILE: [string, string][] = [
  ['javascript: link', '[Voir](javascript:alert(document.cookie))'],
  ['javascript: in capitals', '[Voir](JaVaScRiPt:alert(1))'],
  ['javascript: split by an encoded tab', '[Voir](java&#x09;script:alert(1))'],
  ['javascript: split by a character reference', '[Voir](&#106;avascript:alert(1))'],
  ['javascript: autolink', '<javascript:alert(1)>'],
  ['javascript: reference link', '[Voir][x]\n\n[x]: javascript:alert(1)'],
  ['data: link', '[Voir](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['vbscript: link', '[Voir](vbscript:msgbox(1))'],
  ['image with javascript: src', '![photo](javascript:alert(1))'],
  ['image with data: src', '![photo](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['raw script', '<script>alert(1)</script>'],
  ['raw image with onerror', '<img src="x" onerror="alert(1)">'],
  ['raw link', '<a href="javascript:alert(1)" onclick="alert(1)">Voir</a>'],
  ['raw iframe', '<iframe src="https://evil.example"></iframe>'],
  ['raw svg', '<svg onload="alert(1)"><script>alert(1)</script></svg>'],
  ['raw style', '<style>body{display:none}</style><p style="position:fixed">x</p>'],
  ['raw form', '<form action="https://evil.example"><input name="password"></form>'],
  ['inline html in a paragraph', 'Texte <b onmouseover="alert(1)">gras</b> et <span onclick=alert(1)>clic</span>.'],
  ['html in a table', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
];

describe('markdown of the content collections', () => {
  it.each(HOSTILE)('keeps nothing that runs or loads elsewhere: %s', async (_name, markdown) => {
    const html = await render(markdown);
    expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math|style|form|input|button|base|meta|link)\b/i);
    expect(html).not.toMatch(/\s(on[a-z]+|style|formaction|srcdoc)\s*=/i);
    // Every address left is the shop's own, a web page or a mail address.
    for (const [, attribute, value] of html.matchAll(/\s(href|src|action|xlink:href|poster)\s*=\s*"([^"]*)"/gi)) {
      expect(value, attribute).toMatch(/^(\/(?!\/)|#|https?:\/\/|mailto:)/i);
    }
  });

  it('keeps the links, images and tables content uses', async () => {
    const html = await render(
      [
        'Voir les [mentions légales](/mentions-legales), [le site](https://www.service-public.fr/) ou [écrire](mailto:contact@exemple.fr).',
        '',
        '![Logo](/logo.svg)',
        '',
        '| Données | Base légale |',
        '|:---|---:|',
        '| e-mail | contrat |',
      ].join('\n'),
    );
    expect(html).toContain('<a href="/mentions-legales">mentions légales</a>');
    expect(html).toContain('<a href="https://www.service-public.fr/">le site</a>');
    expect(html).toContain('<a href="mailto:contact@exemple.fr">écrire</a>');
    expect(html).toContain('<img src="/logo.svg" alt="Logo">');
    expect(html).toContain('<th align="left">Données</th>');
  });

  it('renders every content file of the shop as it did before sanitising', async () => {
    const files = ['pages', 'pieces', 'brands'].flatMap((folder) =>
      readdirSync(join(process.cwd(), 'content', folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(process.cwd(), 'content', folder, name)),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const body = readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');
      expect(await render(body), file).toBe(await render(body, { remarkPlugins: [remarkGfm] }));
    }
  });
});
