import { sql, type SQL } from 'drizzle-orm';

/** Why a queued message is not sent; stored on the delivery (status skipped) and counted. */
export const skipReasons = ['opted_out', 'no_address', 'bounced', 'complained', 'no_optin', 'frequency_cap', 'contact_deleted', 'destination_refused', 'daily_cap'] as const;
export type SkipReason = (typeof skipReasons)[number];

export type Channel = 'email' | 'sms';

export interface ConsentState {
  email: string | null;
  phone: string | null;
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
  emailStatus: 'ok' | 'bounced' | 'complained';
  /**
   * The SMS sending policy's verdict on this message (lib/sending/sms-policy.ts): a destination
   * refused (high-risk range, a country the merchant does not serve) or the merchant's daily cap
   * reached. Set by the sending engine's batch read only; consent comes first.
   */
  smsPolicy?: SmsPolicyReason | null;
}

export type SmsPolicyReason = 'destination_refused' | 'daily_cap';

/** What the rules read of a member: the contact's consent, and whether the frequency cap holds. */
export interface EligibilitySubject extends ConsentState {
  /** Another review request went to this contact on this channel within the cap (recentlyAskedSql). */
  recentlyAsked: boolean;
}

/** The same fields as SQL expressions (e.g. `c.email`); `recentlyAsked` a boolean expression. */
export type EligibilityColumns = { [K in keyof EligibilitySubject]: SQL };

/** One field test of a rule; each kind has exactly one JS and one SQL meaning (below). */
type Test =
  | { kind: 'blank'; field: 'email' | 'phone' }
  | { kind: 'is'; field: 'emailOptIn' | 'smsOptIn'; value: boolean | null }
  | { kind: 'equals'; field: 'emailStatus'; value: ConsentState['emailStatus'] }
  | { kind: 'flag'; field: 'recentlyAsked' };

interface Rule {
  reason: Exclude<SkipReason, 'contact_deleted'>;
  test: Test;
  /**
   * Holds whatever the campaign sends (the audience never includes such a member). The others
   * depend on the campaign: its template's scene, the time of sending.
   */
  always: boolean;
  /** The rule does not apply to a template of this scene. */
  exceptScene?: string;
}

/**
 * The eligibility rule, written once (issue 7 item 3, issue 21): the first rule that matches is
 * the reason a member is skipped. Consent at send time decides, not the snapshot. E-mail goes
 * unless there is no address, it was opted out, bounced or complained. SMS needs an opt-in,
 * except the "first opt-in" message of a template whose scene asks for consent (never to someone
 * who opted out). A review request is not sent to a contact asked by another one within the
 * merchant's frequency cap. The dispatcher checks it in JS (skipReason), the forecast, the
 * audience filters and snapshots in SQL (skipReasonSql, alwaysSkippedSql): both are built from
 * these rules, and tests/integration/sending-eligibility.test.ts checks that they agree. An inbox
 * reply is refused by the consent rules among them (replyRefusal).
 */
const rules: Record<Channel, readonly Rule[]> = {
  email: [
    { reason: 'no_address', test: { kind: 'blank', field: 'email' }, always: true },
    { reason: 'opted_out', test: { kind: 'is', field: 'emailOptIn', value: false }, always: true },
    { reason: 'bounced', test: { kind: 'equals', field: 'emailStatus', value: 'bounced' }, always: true },
    { reason: 'complained', test: { kind: 'equals', field: 'emailStatus', value: 'complained' }, always: true },
    { reason: 'frequency_cap', test: { kind: 'flag', field: 'recentlyAsked' }, always: false },
  ],
  sms: [
    { reason: 'no_address', test: { kind: 'blank', field: 'phone' }, always: true },
    { reason: 'opted_out', test: { kind: 'is', field: 'smsOptIn', value: false }, always: true },
    { reason: 'no_optin', test: { kind: 'is', field: 'smsOptIn', value: null }, always: false, exceptScene: 'first_optin' },
    { reason: 'frequency_cap', test: { kind: 'flag', field: 'recentlyAsked' }, always: false },
  ],
};

/** The reason the dispatcher skips this member (null: it sends). */
export function skipReason(channel: Channel, subject: EligibilitySubject, scene: string | null): SkipReason | null {
  for (const rule of applicable(channel, scene)) if (testJs(rule.test, subject)) return rule.reason;
  return channel === 'sms' ? (subject.smsPolicy ?? null) : null;
}

/**
 * The same as an SQL expression over a contact's columns: the reason text, or null when the
 * member is sent to. `without` leaves rules out (the forecast places the frequency cap after its
 * audience filter).
 */
export function skipReasonSql(channel: Channel, columns: EligibilityColumns, scene: string | null, without: readonly SkipReason[] = []): SQL {
  const cases = applicable(channel, scene)
    .filter((rule) => !without.includes(rule.reason))
    .map((rule) => sql`when ${testSql(rule.test, columns)} then ${sql.raw(`'${rule.reason}'`)}`);
  return cases.length ? sql`(case ${sql.join(cases, sql` `)} else null end)` : sql`null::text`;
}

/**
 * Whether a member is skipped whatever the campaign (no address, opted out, bounced, complained):
 * what an audience and a single recipient's snapshot leave out. Takes only the consent columns.
 */
export function alwaysSkippedSql(channel: Channel, columns: Omit<EligibilityColumns, 'recentlyAsked'>): SQL {
  const tests = rules[channel].filter((rule) => rule.always).map((rule) => testSql(rule.test, { ...columns, recentlyAsked: sql`false` }));
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * Why a reply to a customer who wrote to the merchant is refused on this channel (null: it may
 * go). A reply is no campaign: it follows the rules that hold whatever the campaign (`always`: no
 * address, opted out, bounced, complained, as alwaysSkippedSql), not the campaign's own. So a
 * reply by SMS needs no opt-in (the customer wrote first; only an explicit opt-out refuses), and
 * the frequency cap, which spaces review requests, does not hold it back.
 */
export function replyRefusal(channel: Channel, consent: ConsentState): SkipReason | null {
  const subject = { ...consent, recentlyAsked: false };
  return rules[channel].find((rule) => rule.always && testJs(rule.test, subject))?.reason ?? null;
}

/** The consent columns of `contacts` under an alias (`c` -> c.email, c.email_opt_in, ...). */
export function contactColumns(alias: string, recentlyAsked: SQL = sql`false`): EligibilityColumns {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  return { email: col('email'), phone: col('phone'), emailOptIn: col('email_opt_in'), smsOptIn: col('sms_opt_in'), emailStatus: col('email_status'), recentlyAsked };
}

export const DEFAULT_FREQUENCY_CAP_DAYS = 30;

/** The merchant's frequency cap in days (its sending settings, else the default), as SQL. */
export function frequencyCapDaysSql(merchantId: number): SQL {
  return sql`coalesce((select frequency_cap_days from merchant_sending_settings where merchant_id = ${merchantId}), ${DEFAULT_FREQUENCY_CAP_DAYS})`;
}

export interface RecentlyAskedScope {
  /** The contact's id column. */
  contactId: SQL;
  /** The channel's number column or value (0 e-mail, 1 SMS). */
  channel: SQL | number;
  now: Date;
  /** The merchant's cap in days (0 turns it off). */
  capDays: SQL;
  /** The campaign being sent, whose own deliveries do not count. */
  exceptCampaignId?: SQL;
}

/**
 * The frequency cap's condition, for a review request: another review request was sent to this
 * contact on this channel within the cap. It looks up the contact's own recent deliveries
 * (deliveries_contact_sent_idx) and each one's campaign type by key: joined to campaigns instead,
 * stale statistics ("a campaign has 3 sent rows") made PostgreSQL walk every sent row of the
 * running campaign for each member: 7.8 s per batch of 1,000 after 60,000 sends.
 */
export function recentlyAskedSql(scope: RecentlyAskedScope): SQL {
  const other = scope.exceptCampaignId ? sql` and p.campaign_id <> ${scope.exceptCampaignId}` : sql``;
  return sql`(${scope.capDays} > 0 and exists (
               select 1 from deliveries p
               where p.contact_id = ${scope.contactId}
                 and p.sent_at > ${scope.now.toISOString()}::timestamptz - make_interval(days => ${scope.capDays})
                 and p.status = 'sent' and p.channel = ${scope.channel}${other}
                 and (select pc.campaign_type from campaigns pc where pc.id = p.campaign_id) = 0
             ))`;
}

function applicable(channel: Channel, scene: string | null): Rule[] {
  return rules[channel].filter((rule) => !rule.exceptScene || rule.exceptScene !== scene);
}

function testJs(test: Test, s: EligibilitySubject): boolean {
  switch (test.kind) {
    case 'blank':
      return !s[test.field];
    case 'is':
      return s[test.field] === test.value;
    case 'equals':
      return s[test.field] === test.value;
    case 'flag':
      return s[test.field];
  }
}

/** Each test as a boolean that is never null, so `not (...)` of it is safe in a WHERE clause. */
function testSql(test: Test, c: EligibilityColumns): SQL {
  const column = c[test.field];
  switch (test.kind) {
    case 'blank':
      return sql`(${column} is null or ${column} = '')`;
    case 'is':
      return test.value === null ? sql`${column} is null` : test.value ? sql`${column} is true` : sql`${column} is false`;
    case 'equals':
      return sql`${column} is not distinct from ${sql.raw(`'${test.value}'`)}`;
    case 'flag':
      return sql`coalesce(${column}, false)`;
  }
}
