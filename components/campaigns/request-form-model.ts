import type { CampaignRecord } from '@/lib/campaigns/record';
import { FORM_TIME_ZONES } from '@/lib/campaigns/limits';
import { windowToInput, type FormRange } from '@/lib/schedule/rules';
import { parseRange, parseRangeList } from '@/lib/schedule/time-range';
import { toDateTimeInputValue } from '@/lib/time/format';

/**
 * The request form's values as react-hook-form holds them: strings as typed, and the switches
 * only the screen has (timing, single recipient, quiet hours, the ranges as rows). They become
 * the campaign input (the save action's body) in request-form-input.ts. A type, not an
 * interface: react-hook-form's values must be indexable.
 */
export type RequestValues = {
  campaignName: string;
  templateId: string;
  locationId: string;
  optInOnly: boolean;
  tags: string;
  optInFrom: string;
  optInTo: string;
  lastFrom: string;
  lastTo: string;
  openedEmail: boolean;
  clickedLink: boolean;
  silentDays: string;
  single: boolean;
  recipientName: string;
  recipientEmail: string;
  recipientPhone: string;
  timing: 'now' | 'later';
  /** datetime-local value, a wall time in `timezone`. */
  scheduledTime: string;
  timezone: string;
  /** A saved draft's schedule as loaded: its wall time, zone and stored instant (toInput sends the instant back while both stand). */
  loadedSchedule: { scheduledTime: string; timezone: string; at: string } | null;
  isBatchSend: boolean;
  window: FormRange;
  quiet: boolean;
  ranges: FormRange[];
};

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
  } catch {
    return 'Asia/Shanghai';
  }
}

/** Spec section 9: the browser's zone first, then the fixed list. */
export function zoneOptions(current?: string): string[] {
  const zones = [browserZone(), ...FORM_TIME_ZONES];
  if (current) zones.push(current);
  return [...new Set(zones)];
}

/** A new request's values; a merchant with one location has it chosen already. */
export function defaultValues(locations: readonly { id: number }[] = []): RequestValues {
  return {
    campaignName: '',
    templateId: '',
    locationId: locations.length === 1 ? String(locations[0].id) : '',
    optInOnly: true,
    tags: '',
    optInFrom: '',
    optInTo: '',
    lastFrom: '',
    lastTo: '',
    openedEmail: false,
    clickedLink: false,
    silentDays: '',
    single: false,
    recipientName: '',
    recipientEmail: '',
    recipientPhone: '',
    timing: 'now',
    scheduledTime: '',
    timezone: browserZone(),
    loadedSchedule: null,
    isBatchSend: false,
    window: { start: '09:00', end: '21:00', endNextDay: false },
    quiet: false,
    ranges: [{ start: '22:00', end: '08:00', endNextDay: false }],
  };
}

/** A saved draft back into the form. */
export function valuesFromRecord(r: CampaignRecord): RequestValues {
  const base = defaultValues();
  let f: Record<string, unknown> = {};
  try {
    f = JSON.parse(r.filterConditions) as Record<string, unknown>;
  } catch {
    /* defaults */
  }
  const range = (v: unknown) => (v && typeof v === 'object' ? (v as { start?: string | null; end?: string | null }) : { start: null, end: null });
  const optIn = range(f.optInTimeRange);
  const last = range(f.lastRequestRange);
  const window = r.deliveryWindow ? parseRange(r.deliveryWindow) : null;
  const quiet = parseRangeList(r.avoidHours) ?? [];
  const scheduledTime = r.scheduledTime ? toDateTimeInputValue(new Date(r.scheduledTime), r.timezone) : '';
  return {
    ...base,
    campaignName: r.campaignName,
    templateId: r.templateId ? String(r.templateId) : '',
    locationId: r.locationId ? String(r.locationId) : '',
    optInOnly: f.optInOnly !== false,
    tags: Array.isArray(f.tags) ? (f.tags as string[]).join(', ') : '',
    optInFrom: optIn.start ?? '',
    optInTo: optIn.end ?? '',
    lastFrom: last.start ?? '',
    lastTo: last.end ?? '',
    openedEmail: f.openedEmail === true,
    clickedLink: f.clickedLink === true,
    silentDays: typeof f.silentDays === 'number' && f.silentDays > 0 ? String(f.silentDays) : '',
    single: Boolean(r.recipientEmail || r.recipientPhone),
    recipientName: r.recipientName,
    recipientEmail: r.recipientEmail,
    recipientPhone: r.recipientPhone,
    timing: r.sendType === 1 ? 'later' : 'now',
    scheduledTime,
    timezone: r.timezone,
    loadedSchedule: r.scheduledTime ? { scheduledTime, timezone: r.timezone, at: r.scheduledTime } : null,
    isBatchSend: r.isBatchSend === 1,
    window: window ? windowToInput(window) : base.window,
    quiet: quiet.length > 0,
    ranges: quiet.length ? quiet.map((q) => windowToInput(q)) : base.ranges,
  };
}
