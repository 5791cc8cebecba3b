import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { users } from './users';
import { locations } from './locations';

export const sourceProviders = ['google', 'sandbox'] as const;
export type SourceProvider = (typeof sourceProviders)[number];
/** revoked: the provider refused our refresh token (invalid_grant); the merchant must reconnect. */
export const sourceStatuses = ['connected', 'disconnected', 'revoked'] as const;
export type SourceStatus = (typeof sourceStatuses)[number];

/** A connected business-profile account of one merchant (one row per provider). */
export const reviewSources = pgTable(
  'review_sources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: sourceProviders }).notNull(),
    status: text('status', { enum: sourceStatuses }).notNull().default('connected'),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // AES-256-GCM ciphertexts (lib/crypto/secret-box.ts); never stored or logged in clear.
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_sources_merchant_provider_key').on(t.merchantId, t.provider), index('review_sources_status_idx').on(t.status)],
);

/** One pending OAuth authorisation: the state is looked up by hash, the PKCE verifier kept encrypted. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: sourceProviders }).notNull(),
    stateHash: text('state_hash').notNull(),
    verifierEnc: text('verifier_enc').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_states_state_hash_key').on(t.stateHash), index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** Accounts of a source as last listed (the drill-down reads the provider live; this is the cache). */
export const sourceAccounts = pgTable(
  'source_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => reviewSources.id, { onDelete: 'cascade' }),
    // The provider's resource name, e.g. accounts/123.
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    type: text('type'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('source_accounts_source_external_key').on(t.sourceId, t.externalId), index('source_accounts_merchant_idx').on(t.merchantId)],
);

/** Provider locations as last listed, and the link to one of our locations (at most one each way). */
export const sourceLocations = pgTable(
  'source_locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => reviewSources.id, { onDelete: 'cascade' }),
    accountExternalId: text('account_external_id').notNull(),
    // locations/456 (Business Information API name).
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    address: text('address').notNull().default(''),
    placeId: text('place_id'),
    newReviewUri: text('new_review_uri'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('source_locations_source_external_key').on(t.sourceId, t.externalId),
    uniqueIndex('source_locations_location_key').on(t.locationId),
    index('source_locations_merchant_idx').on(t.merchantId),
  ],
);
