/**
 * Truthful `sizes` for part images, matching the grids that show them (next/image picks the width
 * from the breakpoints configured in next.config.ts).
 */
/**
 * Listing cards: at most about 400 CSS px wide (one column on phones, up to four on desktops), so
 * density candidates fit — 520 px for 1x and 768 px for 2x screens (next/image rounds 384 and 768 up
 * to the breakpoints of next.config.ts) — and keep each card's HTML short.
 */
export const PART_CARD_IMAGE = { width: 384, height: 288 } as const;
/** Part page main photo: full width on phones, about half of the 80rem layout on desktops. */
export const PART_MAIN_IMAGE_SIZES = '(min-width: 1024px) 620px, 92vw';
/** Part page thumbnails. */
export const PART_THUMB_IMAGE_SIZES = '128px';
