import type { Db } from '@/db/client';
import { SendType } from '@/db/schema/campaigns';
import { AppError } from '@/lib/errors/app-error';
import { instantOfWallTime, parseInstant, parseWallTime, FIRST_YEAR, LAST_INSTANT, LAST_YEAR } from '@/lib/time/calendar';
import type { ServiceContext } from '@/lib/context';
import { isTrialing } from '@/lib/subscription/guard';
import { parseRangeList, formatRangeList } from '@/lib/schedule/time-range';
import { isDefaultFilter } from './filters';
import { loadUsableTemplate } from './lookups';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { assertRecipient, recipientPhone } from './snapshots';
import { assertSmsDestination } from '@/lib/sending-policy/reserve-sms';
import type { CampaignInput, FilterConditions } from './schema';

/**
 * An instant (ISO 8601 with its offset, or epoch milliseconds), or a wall time
 * ("YYYY-MM-DD HH:mm[:ss]", no offset) in the campaign's zone. Anything else is refused rather
 * than read in the server's own zone ("2027/01/01 10:00") or rolled over ("24:00", "02-30").
 */
export function parseScheduledTime(value: string | number | null, zone: string): Date | null {
  if (value === null) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const wall = parseWallTime(text);
  const date = typeof value === 'number' ? new Date(value) : wall ? instantOfWallTime(wall, zone) : parseInstant(text);
  // A text's year is checked as written (parseWallTime, parseInstant), not the UTC instant's; epoch
  // ms has only UTC's. Past LAST_INSTANT the database could not be sent the instant at all.
  const utcYear = date?.getUTCFullYear() ?? NaN;
  const outsideYears = typeof value === 'number' && !(utcYear >= FIRST_YEAR && utcYear <= LAST_YEAR);
  if (!date || Number.isNaN(date.getTime()) || outsideYears || date.getTime() > LAST_INSTANT) {
    throw new AppError('VALIDATION', 'campaigns.errors.badDate', { fieldErrors: { scheduledTime: 'campaigns.errors.badDate' } });
  }
  return date;
}

export function assertNotPast(at: Date | null, now: Date): void {
  if (!at) throw new AppError('VALIDATION', 'campaigns.errors.timeRequired', { fieldErrors: { scheduledTime: 'campaigns.errors.timeRequired' } });
  if (at.getTime() <= now.getTime()) throw new AppError('VALIDATION', 'campaigns.errors.timeInPast', { fieldErrors: { scheduledTime: 'campaigns.errors.timeInPast' } });
}

/**
 * Spec section 6: a trial account sends only with common templates and default settings (no
 * filters beyond the defaults, no batch window, no quiet hours). Refused with the upgrade message.
 */
export async function assertTrialAllows(ctx: Pick<ServiceContext, 'db' | 'merchantId'>, s: { templateMerchantId: number; filters: FilterConditions; isBatchSend: number; avoidHours: string | null }): Promise<void> {
  const custom = s.templateMerchantId !== 0 || !isDefaultFilter(s.filters) || s.isBatchSend === 1 || Boolean(s.avoidHours);
  if (custom && (await isTrialing(ctx))) throw new AppError('FORBIDDEN', 'subscription.errors.trialNoEdit');
}

/** Checks a create/update input against the merchant's rows; answers the column values. */
export async function resolveSettings(ctx: ServiceContext, db: Db, input: CampaignInput) {
  const location = await requireOwnLocation(db, ctx.merchantId, input.locationId);
  const template = await loadUsableTemplate(db, ctx.merchantId, input.templateId, input.campaignChannel);
  assertRecipient(input, input.campaignChannel);
  // Refused now rather than when the campaign sends: the number must read one way at the location.
  // and be one the merchant may text (the SMS destination rule, lib/sending-policy).
  if (input.recipientPhone && input.campaignChannel === 1) await assertSmsDestination({ ...ctx, db }, await recipientPhone(ctx, db, location.id, input.recipientPhone), 'recipientPhone');
  else if (input.recipientPhone) await recipientPhone(ctx, db, location.id, input.recipientPhone);
  const scheduledTime = parseScheduledTime(input.scheduledTime, input.timezone);
  if (input.sendType === SendType.SCHEDULE) assertNotPast(scheduledTime, ctx.now());
  const avoid = parseRangeList(input.avoidHours) ?? [];
  const values = {
    name: input.campaignName,
    campaignType: input.campaignType,
    channel: input.campaignChannel,
    sendType: input.sendType,
    scheduledTime: input.sendType === SendType.SCHEDULE ? scheduledTime : null,
    timezone: input.timezone,
    locationId: location.id,
    templateId: template.id,
    isBatchSend: input.isBatchSend,
    deliveryWindow: input.isBatchSend === 1 ? input.deliveryWindow : null,
    avoidHours: avoid.length ? formatRangeList(avoid) : null,
    filterConditions: input.filterConditions,
    recipientName: input.recipientName ?? null,
    recipientEmail: input.campaignChannel === 0 ? (input.recipientEmail ?? null) : null,
    recipientPhone: input.campaignChannel === 1 ? (input.recipientPhone ?? null) : null,
  };
  await assertTrialAllows(ctx, { templateMerchantId: template.merchantId, filters: values.filterConditions, isBatchSend: values.isBatchSend, avoidHours: values.avoidHours });
  return values;
}
