import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Create calls made with an `Idempotency-Key` header (lib/api/idempotency.ts): the first answer
 * of a key, kept 24 hours, so a retried or doubled request answers it again instead of making a
 * second record. Keyed per merchant and user: one client's keys never meet another's.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** The method, path and body's SHA-256: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.userId, t.key] })],
);
