/**
 * Campaign limits shared by the schemas and the request form.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const CAMPAIGN_NAME_MAX = 100;
export const SILENT_DAYS_MAX = 3650;
/** Spec section 9: the form's zones (the browser's own zone is offered first by the form). */
export const FORM_TIME_ZONES = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Tokyo', 'Europe/London', 'America/Los_Angeles', 'America/New_York'] as const;
