/*
 * Documents' fixed values, without zod: the pages import these, and a module that declares
 * schemas would bring zod and every schema into the page (decision 0031).
 */

/** A hand-in's unique id, as pupils see it in their address. */
export const UNIQUE_ID_PATTERN = /^[a-z0-9]{6,8}$/;

/** The documents list's total and next cursor travel in these headers (contract/documents.ts). */
export const DOCUMENTS_TOTAL_HEADER = 'x-total-count';
export const DOCUMENTS_NEXT_CURSOR_HEADER = 'x-next-cursor';
