import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { merchants } from './merchants';
import { searchGramsExpression, searchTextExpression, wedgedAsciiPairCondition } from './contacts-search';

import { consentActions, consentChannels, consentSources, contactGenders, contactTypes, emailStatuses } from '../constants/contacts';

// The value lists live in a drizzle-free module that client components can import.
export { consentActions, consentChannels, consentSources, contactGenders, contactTypes, emailStatuses };

export type ContactGender = (typeof contactGenders)[number];
export type ContactType = (typeof contactTypes)[number];
export type ConsentChannel = (typeof consentChannels)[number];
export type ConsentAction = (typeof consentActions)[number];
export type ConsentSource = (typeof consentSources)[number];

/**
 * A merchant's member. Consent is tri-state per channel:
 *   emailOptIn / smsOptIn = true  -> opted in
 *                         = false -> opted out (never send on that channel)
 *                         = null  -> never stated (no opt-in yet; "first opt-in" SMS may ask)
 * The current state is a cache of the latest row of `contact_consent_events`; change it only
 * through lib/consent (one transaction writes both).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // A deleted location leaves its contacts in place, without a location.
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Lower-cased; unique per merchant when present. */
    email: text('email'),
    /** E.164 (+8613800138000); unique per merchant when present. */
    phone: text('phone'),
    gender: text('gender', { enum: contactGenders }).notNull().default('unknown'),
    type: text('type', { enum: contactTypes }).notNull().default('leads'),
    emailOptIn: boolean('email_opt_in'),
    emailOptInAt: timestamp('email_opt_in_at', { withTimezone: true }),
    emailOptInSource: text('email_opt_in_source', { enum: consentSources }),
    smsOptIn: boolean('sms_opt_in'),
    smsOptInAt: timestamp('sms_opt_in_at', { withTimezone: true }),
    smsOptInSource: text('sms_opt_in_source', { enum: consentSources }),
    /** Deliverability of the address, set by the sending engine on a hard bounce or complaint. */
    emailStatus: text('email_status', { enum: emailStatuses }).notNull().default('ok'),
    /** The contact's language for public pages and messages (zh-CN, en-US, zh-HK); null: merchant's default. */
    locale: text('locale'),
    /** Unguessable token of the public opt-in/opt-out pages (/u/{token}). */
    optToken: text('opt_token').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Keyword search (contacts-search.ts): the names and e-mail as one lower-cased text, and its CJK characters and pairs. */
    searchText: text('search_text').generatedAlwaysAs(searchTextExpression),
    searchGrams: text('search_grams').array().generatedAlwaysAs(searchGramsExpression),
  },
  (t) => [
    uniqueIndex('contacts_merchant_email_key').on(t.merchantId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex('contacts_merchant_phone_key').on(t.merchantId, t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('contacts_opt_token_key').on(t.optToken),
    // The list's order (newest first) with and without the common filters; see bench/RESULTS.md.
    // Migrations 0007 and 0011 add INCLUDE columns (drizzle cannot say so).
    index('contacts_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('contacts_merchant_location_created_idx').on(t.merchantId, t.locationId, t.createdAt.desc(), t.id.desc()),
    // Most recently active first, never-active last (the list's order under a last-activity filter).
    index('contacts_merchant_activity_idx').on(t.merchantId, t.lastActivityAt.desc(), t.id.desc()),
    index('contacts_merchant_email_opt_idx').on(t.merchantId, t.emailOptIn, t.createdAt.desc(), t.id.desc()),
    index('contacts_merchant_sms_opt_idx').on(t.merchantId, t.smsOptIn, t.createdAt.desc(), t.id.desc()),
    // The list's order over tagged contacts only (issue 22): a tag filter with another ("customers
    // tagged VIP") walked the whole order index to count its first 10,001 matches (27 ms at
    // 1,000,000 contacts); this walks the tagged ones (3 ms), and untagged rows cost no write.
    // contactsWhere adds the TAGGED condition this needs; migration 0032 adds INCLUDE columns.
    index('contacts_merchant_tagged_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()).where(sql`${t.tags} <> '{}'::text[]`),
    index('contacts_location_idx').on(t.locationId),
    // Keyword search (issue 22, contacts-search.ts): trigrams from 3 characters, CJK characters and
    // pairs below; the phone's digits by trigrams. Migration 0025 creates pg_trgm first. Each is led
    // by the merchant (btree_gin, migration 0034): the table holds every merchant's contacts, and a
    // keyword's matches among all of them were read to keep the merchant's own.
    index('contacts_search_trgm_idx').using('gin', t.merchantId, sql`${t.searchText} gin_trgm_ops`),
    index('contacts_search_grams_idx').using('gin', t.merchantId, t.searchGrams),
    index('contacts_phone_trgm_idx').using('gin', t.merchantId, sql`${t.phone} gin_trgm_ops`),
    // The rare contacts whose search text holds two ASCII letters or digits between characters
    // outside ASCII: a 2-letter keyword's trigrams cannot find them (contacts-search.ts).
    index('contacts_search_wedged_pair_idx').on(t.merchantId).where(wedgedAsciiPairCondition),
  ],
);

/** Consent is history: one row per opt-in or opt-out, never updated. */
export const consentEvents = pgTable(
  'contact_consent_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /*
     * No foreign keys: a key's check locks the contact for every row written, and an import writes
     * two rows per contact (80,000 for 40,000 contacts: 0.8 s of the database's ~2.5 s, half that
     * without the checks; bench/RESULTS.md, issue 4). Deleting a contact still deletes its history,
     * by the statement trigger of migration 0010 (the merchant's deletion reaches it through its
     * contacts). Rows are only written for a contact the same transaction has just written or
     * locked (import, consent change, reply).
     */
    merchantId: integer('merchant_id').notNull(),
    contactId: integer('contact_id').notNull(),
    channel: text('channel', { enum: consentChannels }).notNull(),
    action: text('action', { enum: consentActions }).notNull(),
    source: text('source', { enum: consentSources }).notNull(),
    /** The signed-in user who made a manual change; null for public pages, imports by API, replies. */
    userId: integer('user_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_consent_events_contact_idx').on(t.contactId, t.createdAt),
    index('contact_consent_events_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

/** Merchant-defined keys of contacts' custom fields (the form offers them; values live in contacts.custom_fields). */
export const contactFieldDefinitions = pgTable(
  'contact_field_definitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_field_definitions_key').on(t.merchantId, t.key)],
);
