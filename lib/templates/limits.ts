/**
 * Limits of templates shared by the schemas and the editor.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const MAX_SMS_LENGTH = 1000;
/** Page sizes of the template list screen (the first is the default). */
export const TEMPLATE_LIST_PAGE_SIZES = [20, 50, 100] as const;
export const MAX_NAME_LENGTH = 100;
export const MAX_SUBJECT_LENGTH = 200;
