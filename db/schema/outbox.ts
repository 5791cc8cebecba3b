import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

export const outboxChannels = ['email', 'sms'] as const;

/**
 * Every message sent while no real transport is configured (no SMTP_URL, no Twilio): the local
 * default of lib/messaging, readable by a person at /dev/mailbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    from: text('from'),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    // SMS text.
    body: text('body'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    messageId: text('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_to_idx').on(t.to, t.createdAt)],
);
