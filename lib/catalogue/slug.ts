/**
 * Family slugs: remove the 'family_' prefix and keep the last underscore-separated segment;
 * the same rule applies to each level. family_bv-pont-transmission_boite-de-vitesse → boite-de-vitesse.
 */
const FAMILY_PREFIX = 'family_';

export function familySlug(code: string): string {
  const withoutPrefix = code.startsWith(FAMILY_PREFIX) ? code.slice(FAMILY_PREFIX.length) : code;
  return withoutPrefix.split('_').pop() ?? withoutPrefix;
}

/** URL of a family or sub-family page: /pieces/<family slug>[/<sub-family slug>]. */
export function familyPath(code: string, parentCode?: string): string {
  return parentCode ? `/pieces/${familySlug(parentCode)}/${familySlug(code)}` : `/pieces/${familySlug(code)}`;
}

/** Brand content slug: the brand taxon code without its 'piece_' prefix. */
export function brandSlug(code: string): string {
  return code.startsWith('piece_') ? code.slice('piece_'.length) : code;
}
