/*
 * The sizes of a feedback region, apart from contract/feedback.ts and its zod schemas so
 * that the pupil's and the parent's pages, which draw regions, do not download zod.
 */

/** A region smaller than this share of the page's width or height is a slip of the mouse. */
export const MIN_REGION_SIZE = 0.01;
/** The browser's crop of a region on a PDF page: a PNG of at most these bytes and pixels. */
export const MAX_REGION_CROP_BYTES = 400 * 1024;
export const MAX_REGION_CROP_SIDE = 1_000;
