import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Our own DKIM keys, one active per merchant and sending domain at a time. The private key is
 * sealed (AES-256-GCM, lib/crypto/secret-box.ts) so a copy of the database alone cannot sign mail
 * as the merchant. Rotating adds a key under a new selector and retires the old one; the old row
 * stays so its selector can be shown as "remove this record" and any mail in flight still verifies
 * while its record is published.
 */
export const dkimKeys = pgTable(
  'dkim_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    selector: text('selector').notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    /** The public key as DKIM's `p=` wants it (base64 SubjectPublicKeyInfo DER). */
    publicKey: text('public_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  // One active key per merchant and domain: of two first checks at once, one key wins and both show it.
  (t) => [uniqueIndex('dkim_keys_domain_selector_idx').on(t.merchantId, t.domain, t.selector), uniqueIndex('dkim_keys_active_idx').on(t.merchantId, t.domain).where(sql`${t.retiredAt} is null`)],
);

/** The last deliverability check of a merchant's sending domain: the profile shows it, sending reuses it for a while. */
export const senderDomainChecks = pgTable('sender_domain_checks', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull(),
  /** The DomainReport of lib/deliverability/types.ts. */
  report: jsonb('report').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/**
 * The owner's confirmation that a campaign may go out while the merchant's complaint rate is over
 * the line: without one, such a campaign waits (paused) instead of sending.
 */
export const complaintRateConfirmations = pgTable(
  'complaint_rate_confirmations',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The complaint rate the owner saw, in hundredths of a per cent (integers only). */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.campaignId] })],
);
