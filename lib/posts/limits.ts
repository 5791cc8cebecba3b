/**
 * Limits of posts shared by the schemas, the editor and the list.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const POST_TITLE_MAX = 200;
export const POST_SUMMARY_MAX = 500;
// The route wrapper reads at most 1 MB of JSON; the body's HTML must fit inside it.
export const POST_BODY_MAX = 500_000;
export const POST_PAGE_SIZES = [10, 20, 50] as const;
export const POST_DEFAULT_PAGE_SIZE = 10;
