/** Page titles: /compte… gets 'Compte - ', /commande… gets 'Commande - ' before its own title. */
const PREFIXES: [path: string, prefix: string][] = [
  ['/compte', 'Compte - '],
  ['/commande', 'Commande - '],
];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function titlePrefix(pathname: string): string {
  return PREFIXES.find(([base]) => isUnder(pathname, base))?.[1] ?? '';
}

export function pageTitle(pathname: string, title: string): string {
  return `${titlePrefix(pathname)}${title}`;
}

/** Next.js metadata title template for the segment at `basePath`, e.g. 'Compte - %s'. */
export function titleTemplate(basePath: string): string {
  return `${titlePrefix(basePath)}%s`;
}
