import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { deliveries } from './campaigns';

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
