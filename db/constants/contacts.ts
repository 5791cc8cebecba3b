/**
 * The value lists of the contact columns, without drizzle: the schema (db/schema/contacts.ts)
 * builds on them, and client components import them from here, so that drizzle's pg-core stays
 * out of their pages (issue 11, first-load JavaScript).
 */
export const contactGenders = ['unknown', 'male', 'female', 'other'] as const;
export const contactTypes = ['leads', 'customer'] as const;
export const consentChannels = ['email', 'sms'] as const;
export const consentActions = ['optin', 'optout'] as const;
/** Where a consent change came from; shown in the contact's history. */
export const consentSources = ['manual', 'import', 'public-page', 'sms-reply', 'email-unsubscribe', 'api', 'bounce', 'complaint'] as const;
export const emailStatuses = ['ok', 'bounced', 'complained'] as const;
