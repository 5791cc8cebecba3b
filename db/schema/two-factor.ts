import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's TOTP second step (lib/auth/two-factor). One row per user: written by "turn on" with
 * `enabled_at` null (enrolment pending until a code confirms it), removed by "turn off".
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The base32 secret sealed with the two-factor purpose key (AES-256-GCM, lib/auth/two-factor/seal.ts).
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // The last accepted TOTP time step (30 s counter): a code of this step or an older one is refused.
  lastUsedStep: integer('last_used_step'),
  // HMAC-SHA256 of each unused recovery code; a used one is removed.
  recoveryCodeHashes: text('recovery_code_hashes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
