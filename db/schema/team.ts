import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { users } from './users';

/**
 * An owner's invitation to join the merchant as staff. The e-mailed link carries a random token;
 * only its SHA-256 hash is kept. Accepting deletes the row (single use); revoking deletes it too.
 * One pending invitation per merchant and e-mail: inviting again re-sends it with a new token.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // Stored lower-cased, like users.email.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    // The language the invitation mail was written in; the accept page starts in it.
    locale: text('locale'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_invitations_token_key').on(t.tokenHash), uniqueIndex('team_invitations_merchant_email_key').on(t.merchantId, t.email)],
);
