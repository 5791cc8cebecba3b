/**
 * Limits of reviews and replies shared by the schemas and the reply editor.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const REPLY_MAX_BYTES = 4096;
export const REVIEW_PAGE_SIZES = [10, 20, 50] as const;

/** UTF-8 bytes, as Google counts the 4,096-byte reply limit. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The largest spreadsheet POST /api/reviews/import takes (the import dialog checks it first). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
