import { z } from 'zod';
import { parseRangeList } from '@/lib/schedule/time-range';
import { isValidTimeZone } from '@/lib/schedule/clock';
import { isDayOrInstant } from '@/lib/time/calendar';
import { CAMPAIGN_NAME_MAX, SILENT_DAYS_MAX } from './limits';
import { INT4_MAX, rowId } from '@/lib/validation/ids';
import { pageNumber, pageSizeOf } from '@/lib/validation/paging';
import { expectedVersion } from '@/lib/validation/expected-version';

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { CAMPAIGN_NAME_MAX, FORM_TIME_ZONES, SILENT_DAYS_MAX } from './limits';

/**
 * One zod schema per input, shared by the form, the server actions and the /api routes. Error
 * messages are message keys. Numbers may arrive as strings (query strings, older clients).
 */

// Ids are int4 columns: a larger number is malformed (400), never a database error.
const id = z.coerce.number({ message: 'validation.required' }).int('validation.invalid').positive('validation.invalid').max(INT4_MAX, 'validation.invalid');
const optionalId = z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), id.optional());
const flag = z.preprocess((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : v === false || v === 0 || v === '0' || v === 'false' || v == null || v === '' ? 0 : v), z.union([z.literal(0), z.literal(1)], { message: 'validation.invalidValue' }));
const code = (max: number) => z.coerce.number({ message: 'validation.required' }).int('validation.invalidValue').min(0, 'validation.invalidValue').max(max, 'validation.invalidValue');
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v ?? undefined), z.string('validation.invalidType').max(max, 'validation.tooLong').optional());

/** A date range as [from, to] or { start, end }; either end may be empty. Dates: a real YYYY-MM-DD, or an ISO instant with its offset. */
const dateText = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().refine(isDayOrInstant, 'campaigns.errors.badDate').nullable(),
);
export const dateRangeSchema = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return null;
  if (Array.isArray(v)) return { start: v[0] ?? null, end: v[1] ?? null };
  return v;
}, z.object({ start: dateText.optional(), end: dateText.optional() }).nullable());

export const filterConditionsSchema = z.object({
  optInOnly: z.boolean('validation.invalidType').default(true),
  tags: z.array(z.string().trim().min(1).max(50, 'validation.tooLong')).max(50, 'validation.tooBig').default([]),
  optInTimeRange: dateRangeSchema.default(null),
  lastRequestRange: dateRangeSchema.default(null),
  openedEmail: z.boolean('validation.invalidType').default(false),
  clickedLink: z.boolean('validation.invalidType').default(false),
  silentDays: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number('campaigns.errors.silentDays').int('campaigns.errors.silentDays').min(0, 'campaigns.errors.silentDays').max(SILENT_DAYS_MAX, 'campaigns.errors.silentDays').nullable(),
  ).default(null),
});
export type FilterConditions = z.infer<typeof filterConditionsSchema>;

/** filterConditions arrive as JSON text (spec section 3) or as an object. */
export const filterConditionsInput = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return {};
  if (typeof v === 'string') {
    try {
      return JSON.parse(v);
    } catch {
      return 'not-json';
    }
  }
  return v;
}, filterConditionsSchema.strip());

// Stored as the zone's own name ("utc" -> "UTC"), so one zone is never two values.
const timeZone = z.string().trim().refine(isValidTimeZone, 'validation.timezone').transform((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone);
const avoidHours = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v.trim() : v ?? ''),
  z.string().max(500).refine((s) => parseRangeList(s) !== null, 'campaigns.errors.badRange'),
);
const deliveryWindow = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v ?? null),
  z.string().refine((s) => (parseRangeList(s)?.length ?? 0) === 1, 'campaigns.errors.badWindow').nullable(),
);

/** POST /api/campaign and PUT /api/campaign (with campaignId). */
export const campaignInputSchema = z
  .object({
    campaignName: z.string({ message: 'campaigns.errors.nameRequired' }).trim().min(1, 'campaigns.errors.nameRequired').max(CAMPAIGN_NAME_MAX, 'campaigns.errors.nameTooLong'),
    campaignType: code(3).default(0),
    campaignChannel: code(1),
    sendType: code(1).default(0),
    /** An instant (ISO with offset) or a wall time "YYYY-MM-DD HH:mm[:ss]" in `timezone`. */
    scheduledTime: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.string(), z.number()]).nullable()).default(null),
    timezone: timeZone.default('Asia/Shanghai'),
    locationId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: 'campaigns.errors.locationRequired' }).int().positive('campaigns.errors.locationRequired').max(INT4_MAX, 'validation.tooBig')),
    templateId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: 'campaigns.errors.templateRequired' }).int().positive('campaigns.errors.templateRequired').max(INT4_MAX, 'validation.tooBig')),
    isBatchSend: flag.default(0),
    deliveryWindow: deliveryWindow.default(null),
    avoidHours: avoidHours.default(''),
    filterConditions: filterConditionsInput.default(filterConditionsSchema.parse({})),
    recipientName: optionalText(100),
    recipientEmail: optionalText(254),
    recipientPhone: optionalText(30),
    snapshotId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.isBatchSend === 1 && !v.deliveryWindow) ctx.addIssue({ code: 'custom', path: ['deliveryWindow'], message: 'campaigns.errors.windowRequired' });
    if (v.sendType === 1 && v.scheduledTime === null) ctx.addIssue({ code: 'custom', path: ['scheduledTime'], message: 'campaigns.errors.timeRequired' });
  });
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/**
 * The forecast reads the campaign form as it stands (the form's own schema), before it is saved:
 * the name does not change a forecast, so an empty one is no reason to refuse it.
 */
export const forecastInputSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !Array.isArray(value) ? { ...value, campaignName: 'forecast' } : value),
  campaignInputSchema,
);

/** PUT /api/campaign: the draft's id and, optionally, the `version` the client read (a newer draft refuses the update: 409). */
export const campaignUpdateSchema = z.intersection(z.object({ campaignId: id, version: expectedVersion() }), campaignInputSchema);
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

/** The request form's save: a new draft (no id), or an update as PUT /api/campaign takes it. */
export const campaignSaveSchema = z.intersection(z.object({ campaignId: id.optional(), version: expectedVersion() }), campaignInputSchema);

export const idParams = z.object({ id });

/** GET /api/campaign: searchConditions is JSON text with campaignChannel, status, keyword, sort. */
export const searchConditionsSchema = z.object({
  campaignChannel: z.preprocess((v) => (v === '' || v === null || v === -1 || v === '-1' ? undefined : v), code(1).optional()),
  status: z.preprocess((v) => (v === '' || v === null || v === -1 || v === '-1' ? undefined : v), code(5).optional()),
  keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v ?? undefined), z.string().max(100).optional()),
  /** 'desc' (newest first, the default) or 'asc'. */
  sortOrder: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v ?? undefined), z.enum(['asc', 'desc']).default('desc')),
  /** createTime (default) or sendTime (scheduled time, else start time). */
  sortBy: z.enum(['createTime', 'sendTime']).default('createTime'),
});

export const listQuerySchema = z.object({
  pageNum: pageNumber(),
  pageSize: pageSizeOf({ max: 100, default: 10 }),
  searchConditions: z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return 'not-json';
    }
  }, searchConditionsSchema.strip()),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const snapshotInputSchema = z.object({
  locationId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: 'campaigns.errors.locationRequired' }).int().positive('campaigns.errors.locationRequired').max(INT4_MAX, 'validation.tooBig')),
  campaignChannel: code(1),
  filterConditions: filterConditionsInput.default(filterConditionsSchema.parse({})),
  recipientName: optionalText(100),
  recipientEmail: optionalText(254),
  recipientPhone: optionalText(30),
});
export type SnapshotInput = z.infer<typeof snapshotInputSchema>;

export const snapshotPageSchema = z.object({
  pageNum: pageNumber(),
  pageSize: pageSizeOf({ max: 100, default: 20 }),
});

export const snapshotParams = z.object({ snapshotId: rowId() });

export const previewInputSchema = z.object({
  memberId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: 'campaigns.errors.noMembersForPreview' }).int().positive('campaigns.errors.noMembersForPreview').max(INT4_MAX, 'validation.tooBig')),
  templateId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message: 'campaigns.errors.selectLocationOrTemplate' }).int().positive('campaigns.errors.selectLocationOrTemplate').max(INT4_MAX, 'validation.tooBig')),
  variables: z.record(z.string(), z.unknown()).optional(),
  locationId: optionalId,
  /** The e-mail preview's location label (a name), used when no locationId is given. */
  location: z.union([z.string(), z.number()]).optional(),
});
export type PreviewInput = z.infer<typeof previewInputSchema>;

/**
 * POST /campaign/{id}/send (also schedule, resume): `?confirm=complaintRate` is the owner's
 * confirmation to send while the complaint rate is over the line (lib/deliverability/complaint-hold.ts).
 */
export const campaignActionQuerySchema = z.object({ confirm: z.enum(['complaintRate']).optional() });
