import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { merchants } from './merchants';
import { templates } from './templates';

/** Spec section 3/4 codes. */
export const CampaignStatus = { DRAFT: 0, SCHEDULED: 1, SENDING: 2, PAUSED: 3, STOPPED: 4, COMPLETED: 5 } as const;
export type CampaignStatusCode = (typeof CampaignStatus)[keyof typeof CampaignStatus];
export const CampaignChannel = { EMAIL: 0, SMS: 1 } as const;
export const SendType = { NOW: 0, SCHEDULE: 1 } as const;
export const CampaignType = { REVIEW_REQUEST: 0, PROMOTION: 1, REFERRAL: 2, SURVEY: 3 } as const;

export const deliveryStatuses = ['queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled', 'needs_review'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

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

/** One message of one campaign to one contact; the unique pair makes a double send impossible. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /*
     * No foreign keys on merchant, campaign and contact: their per-row checks (each locking the
     * referenced row) were half the cost of queuing a 100,000-member campaign (bench/RESULTS.md,
     * issue 7). Deleting a campaign or a contact still deletes its deliveries, by the statement
     * triggers of migration 0010; the merchant's deletion reaches them through both. Rows are
     * only ever queued from a join on the locked campaign and its contacts, and the dispatcher
     * skips a delivery whose contact is gone.
     */
    merchantId: integer('merchant_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    contactId: integer('contact_id').notNull(),
    channel: integer('channel').notNull(),
    /** The address at queue time (e-mail or E.164 phone). */
    toAddress: text('to_address').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Earliest time the dispatcher may (re)try it (back-off, delivery window). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    providerMessageId: text('provider_message_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    /**
     * The attempt marker: set just before the transport is called, cleared by each claim. A claim
     * left `sending` by a dead dispatcher goes to review when it is set, back to the queue when not.
     * A column rather than an event row, and unindexed, so its update can be HOT (no index entries).
     */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /**
     * The claim's fencing token: set by each claim, cleared when the row leaves `sending`. Every
     * write of a dispatcher about a claimed row (attempt marker, sent record, outcome) requires it,
     * so a claim that recovery took back can never be taken as "ours" by its old worker.
     */
    claimToken: uuid('claim_token'),
    /** What was sent: the rendered subject, text and HTML (message_contents, shared by identical renders). */
    contentHash: text('content_hash'),
    /** The template version the message was rendered from (the campaign's pinned one). */
    templateVersion: integer('template_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deliveries_campaign_contact_key').on(t.campaignId, t.contactId),
    // The dispatcher's claim, merchants in turn: per merchant, its due queued rows oldest first.
    index('deliveries_claim_idx').on(t.merchantId, t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    // Per-campaign counts by status.
    index('deliveries_campaign_status_idx').on(t.campaignId, t.status),
    // The campaign list's opened count: only opened rows are in it, so a fully sent campaign of
    // 1,000,000 is counted from its opened entries alone (index-only), not from every sent row.
    index('deliveries_campaign_opened_idx').on(t.campaignId, t.status).where(sql`${t.openedAt} is not null`),
    // Last request / silent days / opened / clicked filters per contact.
    index('deliveries_contact_sent_idx').on(t.contactId, t.sentAt),
    index('deliveries_provider_id_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    // Stale-claim recovery (claim.ts, every dispatch round): rows in flight alone, so the index
    // stays as small as the batches in flight and a queued row adds no entry to it. Keyed by id,
    // not updated_at: the attempt marker changes updated_at, and an indexed column would make
    // that update non-HOT (an entry in every index per message). It replaced (merchant, channel,
    // queued_at, status, campaign), which the dashboard no longer reads (its rollups, migration
    // 0028): one index entry fewer per queued delivery (migration 0031).
    index('deliveries_sending_idx').on(t.id).where(sql`${t.status} = 'sending'`),
    // The dashboard's request-to-review: one merchant's sent deliveries in a period, with their
    // campaign (type and location) for the join.
    index('deliveries_merchant_sent_idx').on(t.merchantId, t.sentAt, t.campaignId).where(sql`${t.status} = 'sent'`),
  ],
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
