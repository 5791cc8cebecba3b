/**
 * The inbox list filters shared by the schema and the inbox screen.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const inboxFilters = ['all', 'email', 'sms', 'processed', 'unprocessed'] as const;
