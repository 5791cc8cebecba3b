/**
 * The value lists of the template columns, without drizzle: the schema (db/schema/templates.ts)
 * builds on them, and client components import them from here, so that drizzle's pg-core stays
 * out of their pages (issue 11, first-load JavaScript).
 */
export const templateCategories = ['Custom', 'Reviews', 'Referrals', 'Surveys', 'AppointmentReminder'] as const;
export type TemplateCategory = (typeof templateCategories)[number];
export const smsScenes = ['first_optin', 'subsequent'] as const;
export type SmsScene = (typeof smsScenes)[number];
export const TEMPLATE_TYPE = { EMAIL: 0, SMS: 1 } as const;
