import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { merchants } from './merchants';
import { templates } from './templates';

/** Spec section 3/4 codes. */
export const CampaignStatus = { DRAFT: 0, SCHEDULED: 1, SENDING: 2, PAUSED: 3, STOPPED: 4, COMPLETED: 5 } as const;
export type CampaignStatusCode = (typeof CampaignStatus)[keyof typeof CampaignStatus];
export const CampaignChannel = { EMAIL: 0, SMS: 1 } as const;
export const SendType = { NOW: 0, SCHEDULE: 1 } as const;
export const CampaignType = { REVIEW_REQUEST: 0, PROMOTION: 1, REFERRAL: 2, SURVEY: 3 } as const;

/** The stored filter conditions (JSON text in the API, jsonb here); see lib/campaigns/filters.ts. */
export type StoredFilterConditions = Record<string, unknown>;

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    campaignType: integer('campaign_type').notNull().default(0),
    channel: integer('channel').notNull(), // EMAIL 0, SMS 1
    status: integer('status').notNull().default(0),
    sendType: integer('send_type').notNull().default(0), // NOW 0, SCHEDULE 1
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }),
    /** IANA zone of the schedule, the delivery window and quiet hours. */
    timezone: text('timezone').notNull().default('Asia/Shanghai'),
    // A location in use by a campaign cannot be deleted (the locations service names the campaigns).
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    // The templates service refuses deleting a template in use (status != DRAFT); a draft just loses it.
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    isBatchSend: integer('is_batch_send').notNull().default(0),
    /** "HH:mm-HH:mm" local to `timezone`; an end before the start crosses midnight. */
    deliveryWindow: text('delivery_window'),
    /** Quiet hours: "HH:mm-HH:mm,HH:mm-HH:mm"; empty when not avoiding any. */
    avoidHours: text('avoid_hours'),
    filterConditions: jsonb('filter_conditions').$type<StoredFilterConditions>().notNull().default({}),
    /** Optional single recipient that replaces the audience. */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    recipientPhone: text('recipient_phone'),
    snapshotId: integer('snapshot_id'),
    /**
     * The template's version this campaign sends (template_versions), pinned when it is scheduled
     * or sent: editing the template afterwards changes new campaigns only. Null on older rows (the
     * template as it is now).
     */
    templateVersion: integer('template_version'),
    /** When the campaign moved to SENDING (first time). */
    startTime: timestamp('start_time', { withTimezone: true }),
    totalRecords: integer('total_records').notNull().default(0),
    successRecords: integer('success_records').notNull().default(0),
    /** Bumped by every write; conditional updates compare it. */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('campaigns_merchant_status_idx').on(t.merchantId, t.status),
    // The sending engine's "due scheduled campaigns" scan.
    index('campaigns_due_idx').on(t.scheduledTime).where(sql`${t.status} = 1`),
    index('campaigns_location_idx').on(t.locationId),
    index('campaigns_template_idx').on(t.templateId),
  ],
);

/** A frozen audience: who the filters selected at one moment. */
export const memberSnapshots = pgTable(
  'member_snapshots',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    channel: integer('channel').notNull(),
    filterConditions: jsonb('filter_conditions').$type<StoredFilterConditions>().notNull().default({}),
    total: integer('total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_snapshots_merchant_idx').on(t.merchantId, t.createdAt)],
);

export const snapshotMembers = pgTable(
  'snapshot_members',
  {
    /*
     * No foreign keys, as on deliveries: each key's check locked the referenced row for every
     * member (a million contact rows for a million-member audience; bench/RESULTS.md, issue 22).
     * Deleting a snapshot or a contact still deletes its members, by the statement triggers of
     * migration 0027; a merchant's deletion reaches them through its snapshots. Members are only
     * ever inserted by the snapshot's own statement, selecting the merchant's existing contacts.
     */
    // The tenant (every tenant table carries it: a sharded PostgreSQL distributes by it).
    merchantId: integer('merchant_id').notNull(),
    snapshotId: integer('snapshot_id').notNull(),
    contactId: integer('contact_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.contactId] })],
);

/**
 * The exact content of sent messages, content-addressed: `hash` is the SHA-256 of the merchant and
 * the rendered subject, text and HTML, so identical renders (a campaign without per-contact
 * parameters) share one row. Threads and campaign details show what was sent from here.
 */
export const messageContents = pgTable(
  'message_contents',
  {
    hash: text('hash').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_contents_merchant_idx').on(t.merchantId)],
);

/**
 * A template as it was when a campaign was scheduled or sent (templates.version at that moment).
 * Written on first use of a version; the sending engine renders a campaign from its pinned row.
 */
export const templateVersions = pgTable(
  'template_versions',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    merchantId: integer('merchant_id').notNull(),
    subject: text('subject'),
    content: text('content').notNull(),
    contentText: text('content_text').notNull(),
    scene: text('scene'),
    includeUnsubscribe: integer('include_unsubscribe').notNull().default(0),
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);
