import { normaliseQuietRanges, validateDeliveryWindow } from '@/lib/schedule/rules';
import type { RequestValues } from './request-form-model';

/** The member filters of the form (spec section 3, filterConditions). */
export function filterConditionsOf(v: RequestValues) {
  return {
    optInOnly: v.optInOnly,
    tags: v.tags
      .split(/[,，]/)
      .map((x) => x.trim())
      .filter(Boolean),
    optInTimeRange: v.optInFrom || v.optInTo ? { start: v.optInFrom || null, end: v.optInTo || null } : null,
    lastRequestRange: v.lastFrom || v.lastTo ? { start: v.lastFrom || null, end: v.lastTo || null } : null,
    openedEmail: v.openedEmail,
    clickedLink: v.clickedLink,
    silentDays: v.silentDays.trim() === '' ? null : Number(v.silentDays),
  };
}

/** The single recipient, when the form sends to one person (the channel's address only). */
export function recipientOf(v: RequestValues, channel: number) {
  if (!v.single) return {};
  return { recipientName: v.recipientName.trim() || undefined, ...(channel === 0 ? { recipientEmail: v.recipientEmail.trim() || undefined } : { recipientPhone: v.recipientPhone.trim() || undefined }) };
}

/** The values as the campaign input (campaignInputSchema's shape): the body of the save action and of POST/PUT /api/campaign. */
export function toInput(v: RequestValues, channel: 0 | 1) {
  const w = validateDeliveryWindow(v.window);
  return {
    campaignName: v.campaignName.trim(),
    campaignType: 0,
    campaignChannel: channel,
    sendType: v.timing === 'later' ? 1 : 0,
    scheduledTime: v.timing === 'later' ? scheduleOf(v) : null,
    timezone: v.timezone,
    locationId: Number(v.locationId),
    templateId: Number(v.templateId),
    isBatchSend: v.isBatchSend ? 1 : 0,
    deliveryWindow: v.isBatchSend && w.ok ? w.text : null,
    avoidHours: v.quiet ? normaliseQuietRanges(v.ranges).avoidHours : '',
    filterConditions: JSON.stringify(filterConditionsOf(v)),
    recipientName: undefined,
    recipientEmail: undefined,
    recipientPhone: undefined,
    ...recipientOf(v, channel),
  } as const;
}

/** The forecast reads the form as it stands; a schedule without a time yet is forecast as "now". */
export function forecastValues(v: RequestValues, channel: 0 | 1): Record<string, unknown> {
  const input = toInput(v, channel);
  return input.sendType === 1 && !input.scheduledTime ? { ...input, sendType: 0, scheduledTime: null } : input;
}

/** Where an input path's error shows in the form (the schema's issues and the server's field errors). */
const FIELD_OF: [prefix: string, field: keyof RequestValues][] = [
  ['filterConditions.silentDays', 'silentDays'],
  ['filterConditions.tags', 'tags'],
  ['filterConditions.optInTimeRange', 'optInFrom'],
  ['filterConditions.lastRequestRange', 'lastFrom'],
  ['deliveryWindow', 'window'],
  ['avoidHours', 'ranges'],
  ['sendType', 'timing'],
];

export function formFieldOf(path: string): string {
  const found = FIELD_OF.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`));
  return found ? found[1] : path.split('.')[0];
}

/** The fields in the order their first error is announced (name, template, location, time, filters, ranges, recipient). */
export const FIELD_ORDER: readonly (keyof RequestValues)[] = ['campaignName', 'templateId', 'locationId', 'scheduledTime', 'silentDays', 'window', 'ranges', 'recipientEmail', 'recipientPhone', 'recipientName', 'tags', 'optInFrom', 'lastFrom', 'timezone', 'timing'];

/**
 * The schedule sent: the wall time as typed, or the draft's stored instant while its loaded wall
 * time and zone stand. A wall time the clocks pass twice reads as its first occurrence, so sending
 * it back moved a draft saved at the second one an hour earlier.
 */
function scheduleOf(v: RequestValues): string {
  const loaded = v.loadedSchedule;
  return loaded && loaded.scheduledTime === v.scheduledTime && loaded.timezone === v.timezone ? loaded.at : v.scheduledTime.replace('T', ' ');
}
