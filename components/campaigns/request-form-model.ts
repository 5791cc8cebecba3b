import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { CAMPAIGN_NAME_MAX, FORM_TIME_ZONES, SILENT_DAYS_MAX } from '@/lib/campaigns/limits';
import { normaliseQuietRanges, validateDeliveryWindow, windowToInput, type FormRange } from '@/lib/schedule/rules';
import { parseRange, parseRangeList } from '@/lib/schedule/time-range';

/** The request form's state: strings as typed, turned into the API body on save. */
export interface FormState {
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
  isBatchSend: boolean;
  window: FormRange;
  quiet: boolean;
  ranges: FormRange[];
}

export type FieldErrors = Partial<Record<string, string>>;

const emptyRange = (): FormRange => ({ start: '', end: '', endNextDay: false });

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

export function defaultState(): FormState {
  return {
    campaignName: '',
    templateId: '',
    locationId: '',
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
    isBatchSend: false,
    window: { start: '09:00', end: '21:00', endNextDay: false },
    quiet: false,
    ranges: [{ start: '22:00', end: '08:00', endNextDay: false }],
  };
}

/** A saved draft back into the form. */
export function stateFromRecord(r: CampaignRecord): FormState {
  const base = defaultState();
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
    scheduledTime: r.scheduledTime ? formatInTimeZone(new Date(r.scheduledTime), r.timezone, "yyyy-MM-dd'T'HH:mm") : '',
    timezone: r.timezone,
    isBatchSend: r.isBatchSend === 1,
    window: window ? windowToInput(window) : base.window,
    quiet: quiet.length > 0,
    ranges: quiet.length ? quiet.map((q) => windowToInput(q)) : base.ranges,
  };
}

export function filterConditionsOf(s: FormState) {
  return {
    optInOnly: s.optInOnly,
    tags: s.tags
      .split(/[,，]/)
      .map((x) => x.trim())
      .filter(Boolean),
    optInTimeRange: s.optInFrom || s.optInTo ? { start: s.optInFrom || null, end: s.optInTo || null } : null,
    lastRequestRange: s.lastFrom || s.lastTo ? { start: s.lastFrom || null, end: s.lastTo || null } : null,
    openedEmail: s.openedEmail,
    clickedLink: s.clickedLink,
    silentDays: s.silentDays.trim() === '' ? null : Number(s.silentDays),
  };
}

/**
 * Spec section 5 on the client (the server checks again): name, template, location, time not
 * in the past, silent days, the window's 24-hour limit, at least one complete quiet range.
 * Answers message keys by field.
 */
export function validate(s: FormState, channel: number, now: Date): FieldErrors {
  const e: FieldErrors = {};
  const name = s.campaignName.trim();
  if (!name) e.campaignName = 'campaigns.errors.nameRequired';
  else if (name.length > CAMPAIGN_NAME_MAX) e.campaignName = 'campaigns.errors.nameTooLong';
  if (!s.templateId) e.templateId = channel === 0 ? 'campaigns.errors.emailTemplateRequired' : 'campaigns.errors.smsTemplateRequired';
  if (!s.locationId) e.locationId = 'campaigns.errors.locationRequired';
  if (s.timing === 'later') {
    if (!s.scheduledTime) e.scheduledTime = 'campaigns.errors.timeRequired';
    else if (fromZonedTime(s.scheduledTime, s.timezone).getTime() <= now.getTime()) e.scheduledTime = 'campaigns.errors.timeInPast';
  }
  if (s.silentDays.trim() !== '') {
    const n = Number(s.silentDays);
    if (!Number.isInteger(n) || n < 0 || n > SILENT_DAYS_MAX) e.silentDays = 'campaigns.errors.silentDays';
  }
  if (s.isBatchSend) {
    const w = validateDeliveryWindow(s.window);
    if (!w.ok) e.deliveryWindow = w.issue === 'over24h' ? 'campaigns.errors.windowOver24h' : 'campaigns.errors.windowRequired';
  }
  if (s.quiet && normaliseQuietRanges(s.ranges).ranges.length === 0) e.avoidHours = 'campaigns.errors.quietRangeRequired';
  if (s.single) {
    if (channel === 0 && !s.recipientEmail.trim()) e.recipientEmail = 'campaigns.errors.recipientAddress';
    if (channel === 1 && !s.recipientPhone.trim()) e.recipientPhone = 'campaigns.errors.recipientAddress';
  }
  return e;
}

/** The body of POST/PUT /api/campaign (and the save action). */
export function toInput(s: FormState, channel: 0 | 1) {
  const w = validateDeliveryWindow(s.window);
  return {
    campaignName: s.campaignName.trim(),
    campaignType: 0,
    campaignChannel: channel,
    sendType: s.timing === 'later' ? 1 : 0,
    scheduledTime: s.timing === 'later' ? s.scheduledTime.replace('T', ' ') : null,
    timezone: s.timezone,
    locationId: Number(s.locationId),
    templateId: Number(s.templateId),
    isBatchSend: s.isBatchSend ? 1 : 0,
    deliveryWindow: s.isBatchSend && w.ok ? w.text : null,
    avoidHours: s.quiet ? normaliseQuietRanges(s.ranges).avoidHours : '',
    filterConditions: JSON.stringify(filterConditionsOf(s)),
    recipientName: s.single ? s.recipientName.trim() || undefined : undefined,
    recipientEmail: s.single && channel === 0 ? s.recipientEmail.trim() || undefined : undefined,
    recipientPhone: s.single && channel === 1 ? s.recipientPhone.trim() || undefined : undefined,
  } as const;
}

export { emptyRange };
