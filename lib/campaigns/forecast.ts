import { sql } from 'drizzle-orm';
import { CampaignChannel, CampaignType } from '@/db/schema/campaigns';
import type { ServiceContext } from '@/lib/context';
import { appUrl } from '@/lib/app-url';
import { normalizeEmail } from '@/lib/contacts/normalize';
import { parseRange, parseRangeList } from '@/lib/schedule/time-range';
import { countSms, type SmsEncoding } from '@/lib/templates/sms-segments';
import { tokensIn, type TemplateToken } from '@/lib/templates/tokens';
import { contactColumns, frequencyCapDaysSql, recentlyAskedSql, skipReason, skipReasonSql } from '@/lib/sending/eligibility';
import { splitPersonName } from '@/lib/names/split-name';
import { locales, type Locale } from '@/lib/i18n/locales';
import { forecastSendTimes } from '@/lib/sending/forecast-times';
import { renderSms } from '@/lib/sending/render-message';
import { audienceWhere } from './filters';
import { loadUsableTemplate } from './lookups';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { setting } from '@/lib/config/settings';
import type { CampaignInput } from './schema';
import { parseScheduledTime } from './settings';
import { recipientPhone } from './snapshots';

// The dispatcher's skip reasons (lib/sending/eligibility.ts), and the members the audience filters leave out.
export const forecastReasons = ['receive', 'no_address', 'opted_out', 'bounced', 'complained', 'no_optin', 'filtered_out', 'frequency_cap'] as const;
export type ForecastReason = (typeof forecastReasons)[number];

export interface Forecast {
  /** Members of the location (or the single recipient) the campaign considers. */
  considered: number;
  /** Members the audience filters match (what the members preview lists). */
  matched: number;
  /** Why matched members are skipped, when they are (the forecast's one-line summary says it). */
  matchedSkipReasons: Exclude<ForecastReason, 'receive'>[];
  /** The merchant's frequency cap in days (0: off). */
  frequencyCapDays: number;
  recipients: number;
  skipped: { reason: Exclude<ForecastReason, 'receive'>; count: number }[];
  firstSendAt: string | null;
  lastSendAt: string | null;
  ratePerSecond: number;
  sms: { encoding: SmsEncoding; segmentsPerMessage: number; totalSegments: number } | null;
  /** Template tokens that render empty for some recipients. */
  emptyTokens: { token: TemplateToken; count: number }[];
}

type ReasonRow = {
  reason: ForecastReason;
  /** The members' own language (null: none of ours): the SMS opt-out text is rendered in it. */
  locale: string | null;
  n: number;
  matched: number;
  cap_days: number;
  no_first: number;
  no_last: number;
  no_name: number;
  max_first: string | null;
  max_last: string | null;
  wide: number;
  wide_first: string | null;
  wide_last: string | null;
};

/**
 * Issue 7 item 9: before Send or Schedule, what the dispatcher will do with this campaign, by
 * its own rules: who receives it and who is skipped and why, when the first and last message go
 * out, SMS segments, and tokens that render empty. Nothing is written.
 */
export async function forecastCampaign(ctx: ServiceContext, input: CampaignInput): Promise<Forecast> {
  const location = await requireOwnLocation(ctx.db, ctx.merchantId, input.locationId);
  const template = await loadUsableTemplate(ctx.db, ctx.merchantId, input.templateId, input.campaignChannel);
  const email = input.campaignChannel === CampaignChannel.EMAIL;
  const now = ctx.now();
  const zone = input.timezone;
  const channelOpt = email ? sql`c.email_opt_in` : sql`c.sms_opt_in`;
  const capDays = frequencyCapDaysSql(ctx.merchantId);
  // The dispatcher's rules (lib/sending/eligibility.ts); the frequency cap comes after the audience filter
  // (a member the filters leave out is never sent to, capped or not).
  const recentlyAsked = input.campaignType === CampaignType.REVIEW_REQUEST ? recentlyAskedSql({ contactId: sql`c.id`, channel: input.campaignChannel, now, capDays }) : sql`false`;
  const audience = audienceWhere({ merchantId: ctx.merchantId, locationId: location.id, channel: input.campaignChannel, filters: input.filterConditions, zone: location.timezone ?? zone, now });
  const scene = template.scene ?? null;
  const consentReason = skipReasonSql(email ? 'email' : 'sms', contactColumns('c'), scene, ['frequency_cap']);
  // The single recipient is looked up as the dispatcher finds it (./snapshots.ts):
  // the e-mail trimmed and lower-cased, the phone in E.164 (contacts store phones that way).
  const recipient = email ? input.recipientEmail : input.recipientPhone;
  const phone = !email && input.recipientPhone ? await recipientPhone(ctx, ctx.db, location.id, input.recipientPhone) : '';
  const scope = recipient
    ? sql`c.merchant_id = ${ctx.merchantId} and ${email ? sql`c.email = ${normalizeEmail(input.recipientEmail ?? '')}` : sql`c.phone = ${phone}`}`
    : sql`c.merchant_id = ${ctx.merchantId} and c.location_id = ${location.id}`;
  const rows = await ctx.db.execute<ReasonRow>(
    sql`
      with classified as (
        select c.first_name, c.last_name, case when c.locale in (${sql.join(locales.map((l) => sql`${l}`), sql`, `)}) then c.locale end as locale,
          coalesce(${consentReason}, case
            when ${recipient ? sql`false` : sql`not (${audience})`} then case when ${channelOpt} is null then 'no_optin' else 'filtered_out' end
            when ${recentlyAsked} then 'frequency_cap'
            else 'receive'
          end) as reason,
          coalesce(${recipient ? sql`true` : sql`(${audience})`}, false) as in_audience
        from contacts c where ${scope}
      )
      select reason, locale, count(*)::int as n, count(*) filter (where in_audience)::int as matched, (${capDays})::int as cap_days,
        count(*) filter (where first_name = '')::int as no_first,
        count(*) filter (where last_name = '')::int as no_last,
        count(*) filter (where first_name = '' and last_name = '')::int as no_name,
        (array_agg(first_name order by length(first_name) desc))[1] as max_first,
        (array_agg(last_name order by length(last_name) desc))[1] as max_last,
        count(*) filter (where (first_name || last_name) ~ '[^\\x01-\\x7f]')::int as wide,
        (array_agg(first_name order by length(first_name) desc) filter (where (first_name || last_name) ~ '[^\\x01-\\x7f]'))[1] as wide_first,
        (array_agg(last_name order by length(last_name) desc) filter (where (first_name || last_name) ~ '[^\\x01-\\x7f]'))[1] as wide_last
      from classified group by reason, locale`,
  );
  // A single recipient not yet in the list is created as a lead at send time (./snapshots.ts),
  // named as typed and split there, with no consent yet: the rules decide whether it receives
  // (found from outside: an SMS lead was forecast as "1 recipient", then skipped for no opt-in;
  // a lead without a name was not counted as one, so "Hi ," went out unwarned).
  if (recipient && rows.length === 0) rows.push(newLeadRow(input, email, scene, ctx.locale));
  const receiving = rows.filter((r) => r.reason === 'receive');
  const recipients = receiving.reduce((sum, r) => sum + Number(r.n), 0);
  const countOf = (field: 'no_first' | 'no_last' | 'no_name') => receiving.reduce((sum, r) => sum + Number(r[field]), 0);
  const scheduled = input.sendType === 1 ? parseScheduledTime(input.scheduledTime, zone) : null;
  const start = scheduled && scheduled > now ? scheduled : now;
  const ratePerSecond = setting(email ? 'emailRatePerSecond' : 'smsRatePerSecond');
  const times = forecastSendTimes(recipients, start, {
    window: input.isBatchSend === 1 ? parseRange(input.deliveryWindow) : null,
    quiet: parseRangeList(input.avoidHours) ?? [],
    zone,
    batch: input.isBatchSend === 1,
    ratePerSecond,
  });
  const used = tokensIn(`${template.subject ?? ''} ${template.content} ${template.contentText ?? ''}`);
  const emptyCounts: Partial<Record<TemplateToken, number>> = {
    firstName: countOf('no_first'),
    lastName: countOf('no_last'),
    fullName: countOf('no_name'),
    googleReviewLink: location.reviewLink ? 0 : recipients,
  };
  return {
    considered: rows.reduce((sum, r) => sum + Number(r.n), 0),
    matched: rows.reduce((sum, r) => sum + Number(r.matched ?? 0), 0),
    matchedSkipReasons: [...new Set(rows.filter((r) => r.reason !== 'receive' && Number(r.matched ?? 0) > 0).map((r) => r.reason as Exclude<ForecastReason, 'receive'>))],
    frequencyCapDays: Number(rows[0]?.cap_days ?? 0),
    recipients,
    skipped: [...rows.reduce((counts, r) => (r.reason === 'receive' ? counts : counts.set(r.reason, (counts.get(r.reason) ?? 0) + Number(r.n))), new Map<Exclude<ForecastReason, 'receive'>, number>())]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => forecastReasons.indexOf(a.reason) - forecastReasons.indexOf(b.reason)),
    firstSendAt: times.first?.toISOString() ?? null,
    lastSendAt: times.last?.toISOString() ?? null,
    ratePerSecond,
    sms: email ? null : smsFigures(template, location.reviewLink, receiving),
    emptyTokens: used.filter((token) => (emptyCounts[token] ?? 0) > 0 && recipients > 0).map((token) => ({ token, count: emptyCounts[token] ?? 0 })),
  };
}

/**
 * Segments of the longest message and the campaign's total, rendered as the dispatcher renders
 * each member: in the member's own language (the opt-out text is "Reply STOP…" or "回复TD退订",
 * and a Chinese one makes the whole message UCS-2), with a real opt token's length, Latin and
 * other names apart. Found from outside: every member was rendered in the template's language (or
 * Chinese), so English contacts were forecast as UCS-2 at twice their segments.
 */
function smsFigures(
  template: { content: string; contentText: string | null; includeUnsubscribe: boolean; locale: string | null },
  reviewLink: string | null,
  receiving: ReasonRow[],
): Forecast['sms'] {
  if (!receiving.length) return null;
  const render = (firstName: string, lastName: string, locale: string | null) =>
    countSms(
      renderSms({
        template: { subject: null, content: template.content, contentText: template.contentText ?? '', includeUnsubscribe: template.includeUnsubscribe, locale: template.locale },
        contact: { firstName, lastName, optToken: 'x'.repeat(OPT_TOKEN_LENGTH), locale },
        reviewLink,
        baseUrl: appUrl(),
      }).body,
    );
  let segmentsPerMessage = 0;
  let totalSegments = 0;
  let ucs2 = false;
  for (const group of receiving) {
    const wide = Number(group.wide);
    const narrow = render(group.max_first ?? '', group.max_last ?? '', group.locale);
    const widest = wide ? render(group.wide_first ?? '', group.wide_last ?? '', group.locale) : null;
    segmentsPerMessage = Math.max(segmentsPerMessage, narrow.segments, widest?.segments ?? 0);
    totalSegments += narrow.segments * (Number(group.n) - wide) + (widest?.segments ?? 0) * wide;
    ucs2 ||= narrow.encoding === 'UCS-2' || widest?.encoding === 'UCS-2';
  }
  return { encoding: ucs2 ? 'UCS-2' : 'GSM-7', segmentsPerMessage, totalSegments };
}

/** An opt token's length (lib/contacts/opt-token.ts: 24 bytes, base64url): the opt-in link's share of an SMS. */
const OPT_TOKEN_LENGTH = 32;

/** The forecast row of a single recipient who will be created as a lead when the campaign starts. */
function newLeadRow(input: CampaignInput, email: boolean, scene: string | null, locale: Locale): ReasonRow {
  const { firstName, lastName } = splitPersonName(input.recipientName ?? '', locale);
  const lead = { email: email ? (input.recipientEmail ?? null) : null, phone: email ? null : (input.recipientPhone ?? null), emailOptIn: null, smsOptIn: null, emailStatus: 'ok' as const, recentlyAsked: false };
  const wide = /[^\x01-\x7f]/.test(firstName + lastName);
  return {
    reason: (skipReason(email ? 'email' : 'sms', lead, scene) as ForecastReason | null) ?? 'receive',
    locale: null,
    n: 1,
    matched: 1,
    cap_days: 0,
    no_first: firstName ? 0 : 1,
    no_last: lastName ? 0 : 1,
    no_name: firstName || lastName ? 0 : 1,
    max_first: firstName,
    max_last: lastName,
    wide: wide ? 1 : 0,
    wide_first: wide ? firstName : null,
    wide_last: wide ? lastName : null,
  };
}
