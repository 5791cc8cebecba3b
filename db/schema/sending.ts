import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

export const deliveryStatuses = ['queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled', 'needs_review'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/*
 * The sending engine (lib/sending) is this table's one owner: it queues, claims, marks and records
 * deliveries, and every other domain reads them through lib/sending's functions.
 */
/** One message of one campaign to one contact; the unique pair makes a double send impossible. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /*
     * No foreign keys on merchant, campaign and contact: their per-row checks (each locking the
     * referenced row) were half the cost of queuing a 100,000-member campaign (bench/RESULTS.md,
     * "Sending: e-mail campaign throughput"). Deleting a campaign or a contact still deletes its deliveries, by the statement
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

/** Per-merchant sending rules; a merchant without a row gets the defaults. */
export const merchantSendingSettings = pgTable('merchant_sending_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** One review request per contact per channel within this many days (0: no cap). */
  frequencyCapDays: integer('frequency_cap_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deliveryEventTypes = ['attempt', 'sent', 'delivered', 'failed', 'skipped', 'retry', 'needs_review', 'opened', 'clicked', 'bounced', 'complained', 'unsubscribed'] as const;
export type DeliveryEventType = (typeof deliveryEventTypes)[number];

/** What happened to a delivery and when: the campaign details' history and the dashboard's source. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // No key to merchants: the delivery's key cascades already, and every event's check locked the
    // merchant's one row from two writers at once (the attempt and sent markers of each message).
    merchantId: integer('merchant_id').notNull(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    type: text('type', { enum: deliveryEventTypes }).notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_events_delivery_idx').on(t.deliveryId, t.createdAt), index('delivery_events_merchant_type_idx').on(t.merchantId, t.type, t.createdAt)],
);

/**
 * The global send rate of each transport ('email', 'sms'), shared by every dispatcher process:
 * `next_at` is the earliest instant the next message may go. A process reserves a few slots at a
 * time by moving it forward (lib/sending/global-rate.ts).
 */
export const sendRates = pgTable('send_rates', {
  transport: text('transport').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  /** Messages per second in force (the last process to reserve sets it). */
  perSecond: doublePrecision('per_second').notNull().default(0),
});
