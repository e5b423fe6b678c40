/**
 * Truthful `sizes` for part images, matching the grids that show them (next/image picks the width
 * from the spec §9 breakpoints configured in next.config.ts).
 */
/** Listing grid: 1 column on phones, 2 from 640 px, 3 from 1024 px, 4 from 1280 px (max 80rem wide). */
export const PART_CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw';
/** Part page main photo: full width on phones, about half of the 80rem layout on desktops. */
export const PART_MAIN_IMAGE_SIZES = '(min-width: 1024px) 620px, 92vw';
/** Part page thumbnails. */
export const PART_THUMB_IMAGE_SIZES = '128px';
