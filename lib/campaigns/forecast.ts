import { sql } from 'drizzle-orm';
import { CampaignChannel, CampaignType } from '@/db/schema/campaigns';
import type { ServiceContext } from '@/lib/context';
import { appUrl } from '@/lib/app-url';
import { normalizeEmail } from '@/lib/contacts/normalize';
import { parseRange, parseRangeList } from '@/lib/schedule/time-range';
import { countSms, type SmsEncoding } from '@/lib/templates/sms-segments';
import { tokensIn, type TemplateToken } from '@/lib/templates/tokens';
import { contactColumns, frequencyCapDaysSql, recentlyAskedSql, skipReasonSql } from '@/lib/sending/eligibility';
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
  n: number;
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
        select c.first_name, c.last_name,
          coalesce(${consentReason}, case
            when ${recipient ? sql`false` : sql`not (${audience})`} then case when ${channelOpt} is null then 'no_optin' else 'filtered_out' end
            when ${recentlyAsked} then 'frequency_cap'
            else 'receive'
          end) as reason
        from contacts c where ${scope}
      )
      select reason, count(*)::int as n,
        count(*) filter (where first_name = '')::int as no_first,
        count(*) filter (where last_name = '')::int as no_last,
        count(*) filter (where first_name = '' and last_name = '')::int as no_name,
        (array_agg(first_name order by length(first_name) desc))[1] as max_first,
        (array_agg(last_name order by length(last_name) desc))[1] as max_last,
        count(*) filter (where (first_name || last_name) ~ '[^\\x01-\\x7f]')::int as wide,
        (array_agg(first_name order by length(first_name) desc) filter (where (first_name || last_name) ~ '[^\\x01-\\x7f]'))[1] as wide_first,
        (array_agg(last_name order by length(last_name) desc) filter (where (first_name || last_name) ~ '[^\\x01-\\x7f]'))[1] as wide_last
      from classified group by reason`,
  );
  // A single recipient not yet in the list is created as a lead at send time: it receives.
  if (recipient && rows.length === 0) rows.push({ reason: 'receive', n: 1, no_first: 0, no_last: 0, no_name: 0, max_first: input.recipientName ?? '', max_last: '', wide: 0, wide_first: null, wide_last: null });
  const receive = rows.find((r) => r.reason === 'receive');
  const recipients = Number(receive?.n ?? 0);
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
    firstName: Number(receive?.no_first ?? 0),
    lastName: Number(receive?.no_last ?? 0),
    fullName: Number(receive?.no_name ?? 0),
    googleReviewLink: location.reviewLink ? 0 : recipients,
  };
  return {
    considered: rows.reduce((sum, r) => sum + Number(r.n), 0),
    recipients,
    skipped: rows
      .filter((r): r is ReasonRow & { reason: Exclude<ForecastReason, 'receive'> } => r.reason !== 'receive')
      .map((r) => ({ reason: r.reason, count: Number(r.n) }))
      .sort((a, b) => forecastReasons.indexOf(a.reason) - forecastReasons.indexOf(b.reason)),
    firstSendAt: times.first?.toISOString() ?? null,
    lastSendAt: times.last?.toISOString() ?? null,
    ratePerSecond,
    sms: email ? null : smsFigures(template, location.reviewLink, receive, recipients),
    emptyTokens: used.filter((token) => (emptyCounts[token] ?? 0) > 0 && recipients > 0).map((token) => ({ token, count: emptyCounts[token] ?? 0 })),
  };
}

/** Segments of the longest message (Latin and CJK names apart), and the campaign's total. */
function smsFigures(
  template: { content: string; contentText: string | null; includeUnsubscribe: boolean; locale: string | null },
  reviewLink: string | null,
  receive: ReasonRow | undefined,
  recipients: number,
): Forecast['sms'] {
  if (!recipients || !receive) return null;
  const render = (firstName: string, lastName: string) =>
    countSms(
      renderSms({
        template: { subject: null, content: template.content, contentText: template.contentText ?? '', includeUnsubscribe: template.includeUnsubscribe, locale: template.locale },
        contact: { firstName, lastName, optToken: 'x'.repeat(22), locale: template.locale },
        reviewLink,
        baseUrl: appUrl(),
      }).body,
    );
  const wide = Number(receive.wide);
  const narrowCount = render(receive.max_first ?? '', receive.max_last ?? '');
  const wideCount = wide ? render(receive.wide_first ?? '', receive.wide_last ?? '') : null;
  const worst = wideCount && wideCount.segments > narrowCount.segments ? wideCount : narrowCount;
  return {
    encoding: wideCount ? 'UCS-2' : narrowCount.encoding,
    segmentsPerMessage: worst.segments,
    totalSegments: narrowCount.segments * (recipients - wide) + (wideCount?.segments ?? 0) * wide,
  };
}
