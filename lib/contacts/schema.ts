import { z } from 'zod';
import { consentActions, consentChannels, contactGenders, contactTypes } from '@/db/constants/contacts';
import { locales } from '@/lib/i18n/locales';
import { textEncodings } from '@/lib/spreadsheet/text-encodings';
import { isPhoneTyped, PHONE_MAX_LENGTH } from '@/lib/phone/typed';
import { isValidEmail } from './normalize';
import { conflictChoices, CONFLICTS_LISTED, CUSTOM_FIELDS_MAX, CUSTOM_KEY_MAX, CUSTOM_VALUE_MAX, DEFAULT_PAGE_SIZE, NAME_MAX, PAGE_SIZES, TAG_MAX, TAG_SEPARATORS, TAGS_MAX, importFields } from './limits';
import { rowId } from '@/lib/validation/ids';
import { blankToUndefined as emptyToUndefined, pageNumber, pageSizeOf } from '@/lib/validation/paging';
import { expectedTime } from '@/lib/validation/expected-version';

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { DEFAULT_PAGE_SIZE, EXACT_COUNT_LIMIT, PAGE_SIZES, importFields, type ImportField } from './limits';

export const activityFilters = ['7d', '30d', '90d', 'over90', 'never'] as const;
/** Which channels a contact has agreed to: email only, SMS ("phone") only, both, or neither. */
export const preferenceFilters = ['email', 'phone', 'both', 'none'] as const;
/** A channel's consent state: opted in, opted out, or never stated. */
export const optFilters = ['in', 'out', 'unset'] as const;

const trimmed = (max: number) => z.string().trim().max(max, 'validation.tooLong');
// A name is one line: line breaks and tabs pasted with it become a space (found from outside: a
// last name with CR/LF broke the links and the text part of the mail it went into).
const oneLine = (v: unknown) => (typeof v === 'string' ? v.replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ') : v);
const personName = () => z.preprocess(oneLine, trimmed(NAME_MAX).min(1, 'validation.required'));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const emailField = optionalText(254).refine((v) => v === null || isValidEmail(v), 'validation.email');
// The shape only: whether the number exists depends on the contact's location (lib/phone/read.ts).
const phoneField = optionalText(PHONE_MAX_LENGTH).refine((v) => v === null || isPhoneTyped(v), 'validation.phone');

export const customFieldKey = z.string().trim().min(1, 'validation.required').max(CUSTOM_KEY_MAX, 'validation.tooLong');

/** The detailed form, the create call and the update call. */
export const contactInput = z
  .object({
    firstName: personName(),
    lastName: personName(),
    email: emailField,
    phone: phoneField,
    gender: z.enum(contactGenders).default('unknown'),
    type: z.enum(contactTypes).default('leads'),
    locationId: rowId().nullable().optional().default(null),
    tags: z
      .array(trimmed(TAG_MAX))
      .max(TAGS_MAX, 'contacts.errors.tooManyTags')
      .refine((tags) => tags.every((tag) => !TAG_SEPARATORS.some((s) => tag.includes(s))), 'contacts.errors.tagSeparator')
      .default([]),
    customFields: z
      .record(customFieldKey, z.string().trim().max(CUSTOM_VALUE_MAX, 'validation.tooLong'))
      .refine((v) => Object.keys(v).length <= CUSTOM_FIELDS_MAX, 'contacts.errors.tooManyFields')
      .default({}),
    /** true opted in, false opted out, null never stated (on update: null or absent keeps the stored state). */
    emailOptIn: z.boolean().nullable().default(null),
    smsOptIn: z.boolean().nullable().default(null),
    locale: z.enum(locales).nullable().optional().default(null),
    /** Update only: the record's `updatedAt` as the client read it; a newer contact refuses the update (409). */
    updatedAt: expectedTime(),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'contacts.errors.emailOrPhone' });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'contacts.errors.emailOrPhone' });
    }
  });
export type ContactInput = z.infer<typeof contactInput>;
export type ContactFormValues = z.input<typeof contactInput>;

/** Quick add: one name (split by the locale's name order) and an e-mail or a phone. */
export const quickAddInput = z
  .object({
    name: z.string().trim().min(2, 'contacts.errors.nameTooShort').max(200, 'validation.tooLong'),
    email: emailField,
    phone: phoneField,
    locationId: rowId().nullable().optional().default(null),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'contacts.errors.emailOrPhone' });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'contacts.errors.emailOrPhone' });
    }
  });
export type QuickAddInput = z.infer<typeof quickAddInput>;

/** The list's filters: the same keys in the page URL, the list call and the export call. */
export const listFilters = z.object({
  // Full-width forms folded (NFKC), as stored phones and e-mails are: `１３９…` typed with a
  // Chinese IME found nothing while `139…` did (found from outside).
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'validation.tooLong').transform((k) => k.normalize('NFKC')).optional()),
  locationId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  activity: z.preprocess(emptyToUndefined, z.enum(activityFilters).optional()),
  preference: z.preprocess(emptyToUndefined, z.enum(preferenceFilters).optional()),
  emailOpt: z.preprocess(emptyToUndefined, z.enum(optFilters).optional()),
  smsOpt: z.preprocess(emptyToUndefined, z.enum(optFilters).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(contactTypes).optional()),
  tag: z.preprocess(emptyToUndefined, z.string().trim().max(30).optional()),
});
export type ListFilters = z.infer<typeof listFilters>;

export const listQuery = listFilters.extend({
  pageNum: pageNumber(1_000_000),
  pageSize: pageSizeOf({ sizes: PAGE_SIZES, default: DEFAULT_PAGE_SIZE }),
});
export type ListQuery = z.infer<typeof listQuery>;

export const exportQuery = listFilters.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const idParams = z.object({ id: rowId() });

export const batchDeleteInput = z.object({
  ids: z.array(rowId()).min(1, 'contacts.errors.noneSelected').max(1000, 'validation.tooBig'),
});

export const consentInput = z.object({
  channel: z.enum(consentChannels),
  action: z.enum(consentActions),
});
export type ConsentInput = z.infer<typeof consentInput>;
/** A CSV's text encoding as the merchant chose it in the preview (absent: detected). */
const importEncoding = z.enum(textEncodings).optional();

/** The import preview's input beside the file. */
export const importPreviewInput = z.object({ encoding: importEncoding });
export type ImportPreviewInput = z.infer<typeof importPreviewInput>;

/** Column index -> field ('ignore' or missing: not imported). */
export const importMapping = z.object({
  columns: z.array(z.enum([...importFields, 'ignore'])).max(200),
  locationId: rowId().nullable().optional().default(null),
  encoding: importEncoding,
  /** The choice for every conflicting row not listed in `conflicts`. */
  conflictChoice: z.enum(conflictChoices).default('skip'),
  /** A choice per conflicting row, by row number. */
  conflicts: z.array(z.object({ row: z.number().int().positive(), choice: z.enum(conflictChoices) })).max(CONFLICTS_LISTED, 'validation.tooBig').default([]),
});
// As callers write it: the choices default to "skip every conflict", the encoding to "detected".
type ParsedImportMapping = z.infer<typeof importMapping>;
export type ImportMapping = Omit<ParsedImportMapping, 'conflictChoice' | 'conflicts'> & Partial<Pick<ParsedImportMapping, 'conflictChoice' | 'conflicts'>>;
