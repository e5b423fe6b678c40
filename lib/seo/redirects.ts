/**
 * Redirect manifest, read at build time: content/redirects.json,
 * edited by the SEO team. Checked when loaded, so a broken entry fails the build with its reason.
 */
import manifest from '@/content/redirects.json';

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302;
  /** The target is another site: the visitor leaves the shop. */
  external: boolean;
}

interface RawRule {
  from?: unknown;
  to?: unknown;
  status?: unknown;
}

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function parseRedirects(raw: { redirects?: RawRule[] }): Map<string, RedirectRule> {
  const rules = new Map<string, RedirectRule>();
  (raw.redirects ?? []).forEach((entry, index) => {
    const where = `content/redirects.json, entry ${index + 1}`;
    if (typeof entry.from !== 'string' || !entry.from.startsWith('/') || entry.from.startsWith('//')) {
      throw new Error(`${where}: "from" must be a path starting with a single "/"`);
    }
    if (
      typeof entry.to !== 'string' ||
      (!(entry.to.startsWith('/') && !entry.to.startsWith('//')) && !/^https:\/\/[^/]/.test(entry.to))
    ) {
      throw new Error(`${where}: "to" must be a path starting with "/" or an https:// address`);
    }
    const status = entry.status ?? 301;
    if (status !== 301 && status !== 302) throw new Error(`${where}: "status" must be 301 or 302`);
    const from = normalize(entry.from);
    if (rules.has(from)) throw new Error(`${where}: "${from}" is redirected twice`);
    if (normalize(entry.to) === from) throw new Error(`${where}: "${from}" redirects to itself`);
    rules.set(from, { from, to: entry.to, status, external: entry.to.startsWith('https://') });
  });
  return rules;
}

const rules = parseRedirects(manifest as { redirects?: RawRule[] });

export function findRedirect(pathname: string, table: Map<string, RedirectRule> = rules): RedirectRule | undefined {
  return table.get(normalize(pathname));
}
