/**
 * List sizes and import fields of contacts shared by the schemas and the contact screens.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Up to this many matches are counted exactly; beyond, the list shows PostgreSQL's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;
export const importFields = ['firstName', 'lastName', 'fullName', 'email', 'phone', 'gender', 'type', 'location', 'tags', 'emailOptIn', 'smsOptIn', 'locale', 'custom'] as const;
export type ImportField = (typeof importFields)[number];

/** A contact's field bounds: the form, the API and the import refuse the same values. */
export const NAME_MAX = 100;
export const TAG_MAX = 30;
export const TAGS_MAX = 20;
export const CUSTOM_KEY_MAX = 40;
export const CUSTOM_VALUE_MAX = 500;
export const CUSTOM_FIELDS_MAX = 30;
/**
 * What separates tags in one spreadsheet cell (the import splits on each): a tag cannot hold one,
 * or an export and re-import would turn it into two tags.
 */
export const TAG_SEPARATORS = [',', '，', ';', '；', '、', '|'] as const;

/**
 * What the import does with a row that conflicts with the contacts (its e-mail and phone belong
 * to two contacts, or it would replace a contact's e-mail or phone): update that contact, create
 * a new one, or skip the row. Skip unless the merchant chooses: an address is never replaced unasked.
 */
export const conflictChoices = ['update', 'create', 'skip'] as const;
export type ConflictChoice = (typeof conflictChoices)[number];
/** Conflicts listed one by one in the preview (each with its own choice); past this, the choice for all applies. */
export const CONFLICTS_LISTED = 1_000;
