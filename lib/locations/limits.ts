/**
 * List sizes of locations shared by the schema and the list screen. Plain values without zod:
 * client components import them from here, so that the schemas' validation library stays out of
 * their pages (issue 11, first-load JavaScript).
 */
export const PAGE_SIZES = [10, 25, 50] as const;
export const MAX_PAGE_SIZE = 100;
