/**
 * Sending limits shared by the schema and the settings dialog.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
/** The longest frequency cap a merchant may set, in days (a year). */
export const FREQUENCY_CAP_MAX_DAYS = 365;
