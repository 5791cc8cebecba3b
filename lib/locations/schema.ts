import { z } from 'zod';
import { isPhoneTyped, PHONE_MAX_LENGTH } from '@/lib/phone/typed';
import { isCountryCode } from '@/lib/i18n/countries';
import { MAX_PAGE_SIZE } from './limits';
import { canonicalTimeZone } from './time-zone';
import { checkZipCode } from './zip-codes';
import { INT4_MAX, rowId } from '@/lib/validation/ids';
import { pageNumber, pageSizeOf } from '@/lib/validation/paging';
import { expectedTime } from '@/lib/validation/expected-version';

/**
 * One zod schema per input, shared by the location form (zodResolver), the server actions and
 * the /api/merchant/location routes. Messages are message keys, translated where shown.
 */


/** A missing value is "required"; a value of the wrong type (42 for a name) is a type error. */
const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidType');

const requiredText = (max: number) => z.string({ error: typeError }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** undefined: keep (update) or empty (create); null or '': clear. */
const optionalText = (max: number) => z.string({ error: 'validation.invalidType' }).trim().max(max, 'validation.tooLong').nullable().optional();

export const locationIdField = z.coerce
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(INT4_MAX, 'validation.invalid');

const fields = {
  locationName: requiredText(100),
  address: requiredText(200),
  city: requiredText(100),
  state: requiredText(100),
  country: z
    .string({ error: typeError })
    .trim()
    .min(1, 'validation.required')
    .toUpperCase()
    .refine(isCountryCode, 'locations.errors.country'),
  zipCode: optionalText(20),
  // The shape only: the service reads the number in the location's country (lib/phone/read.ts).
  phone: optionalText(PHONE_MAX_LENGTH).refine((v) => !v || isPhoneTyped(v), 'validation.phone'),
  timezone: z
    .string({ error: 'validation.invalidType' })
    .trim()
    .refine((v) => canonicalTimeZone(v) !== null, 'validation.timezone')
    .transform((v) => canonicalTimeZone(v) ?? v)
    .optional(),
  reviewLink: optionalText(2000).refine((v) => !v || isHttpUrl(v), 'validation.url'),
  enabled: z.boolean({ error: 'validation.invalidType' }).optional(),
};

/**
 * The zip code follows the country's format. It runs even when other fields failed, so a form
 * shows every problem at once; on update an omitted zip code is checked by the service against
 * the stored one instead.
 */
function zipRule(value: { country: string; zipCode?: string | null }, ctx: z.RefinementCtx) {
  if (typeof value.country !== 'string' || (value.zipCode === undefined && 'locationId' in value)) return;
  const check = checkZipCode(value.country, value.zipCode);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: check.messageKey });
}

const zipRuleWhen = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((i) => !i.path?.length || i.path[0] === 'country' || i.path[0] === 'zipCode'),
};

export const createLocationSchema = z.object(fields).superRefine(zipRule, zipRuleWhen);
export type CreateLocationInput = z.infer<typeof createLocationSchema>;
export type LocationFormValues = z.input<typeof createLocationSchema>;

/** `updateTime`: the record's, as the client read it; a location changed since refuses the update (409). */
export const updateLocationSchema = z.object({ locationId: locationIdField, updateTime: expectedTime(), ...fields }).superRefine(zipRule, zipRuleWhen);
export type UpdateLocationInput = z.infer<typeof updateLocationSchema>;

/** Query strings and JSON alike: true/false, 1/0, enabled/disabled, on/off. */
const flag = z.union(
  [
    z.boolean(),
    z.stringbool({ truthy: ['1', 'true', 'enabled', 'enable', 'on', 'yes'], falsy: ['0', 'false', 'disabled', 'disable', 'off', 'no'] }),
    z.literal(1).transform(() => true),
    z.literal(0).transform(() => false),
  ],
  { error: 'validation.invalidValue' },
);

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { MAX_PAGE_SIZE, PAGE_SIZES } from './limits';

export const locationPageSchema = z.object({
  pageNum: pageNumber(),
  pageSize: pageSizeOf({ max: MAX_PAGE_SIZE, default: 10 }),
  /** true: enabled only; false: disabled only; absent or empty: all. */
  enabled: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
});
export type LocationPageQuery = z.infer<typeof locationPageSchema>;

// A path's id is never missing: a word there is the wrong type, not a missing field.
export const locationIdParamsSchema = z.object({ id: rowId() });

export const locationStatusQuerySchema = z.object({ status: flag });

/** The server actions' inputs for status and delete (the routes take the id from the path). */
export const setLocationStatusSchema = z.object({ locationId: locationIdField, enabled: z.boolean({ error: 'validation.required' }) });
export type SetLocationStatusInput = z.infer<typeof setLocationStatusSchema>;
export const deleteLocationSchema = z.object({ locationId: locationIdField });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
