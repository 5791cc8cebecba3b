import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { merchants } from './merchants';

export const inboxChannels = ['email', 'sms'] as const;
export type InboxChannel = (typeof inboxChannels)[number];
export const inboxMediaKinds = ['image', 'video', 'audio', 'file'] as const;
export type InboxMediaKind = (typeof inboxMediaKinds)[number];

/**
 * One conversation per contact, across channels: the customer's e-mails and texts, our replies,
 * and (shown in the thread, not copied here) the campaign messages we sent them.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The channel of the latest message: what a reply defaults to. */
    lastChannel: text('last_channel', { enum: inboxChannels }).notNull(),
    processed: boolean('processed').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastPreview: text('last_preview').notNull().default(''),
    /** The kind of the latest message's first media ('image', 'video', 'audio', 'file'), for the list's "[Photo]". */
    lastMediaKind: text('last_media_kind', { enum: inboxMediaKinds }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_merchant_contact_key').on(t.merchantId, t.contactId),
    index('conversations_merchant_recent_idx').on(t.merchantId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export interface InboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** A media item of an MMS, as Twilio sent it (MediaUrlN, MediaContentTypeN): shown from Twilio's URL. */
export interface InboxMedia {
  url: string;
  contentType: string;
}

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    channel: text('channel', { enum: inboxChannels }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    text: text('text').notNull().default(''),
    /** Sanitised HTML of an e-mail, when it had one. */
    html: text('html'),
    /** RFC 5322 Message-ID of an e-mail, or the provider's id of an SMS; threads replies. */
    externalId: text('external_id'),
    inReplyTo: text('in_reply_to'),
    attachments: jsonb('attachments').$type<InboxAttachment[]>().notNull().default([]),
    /** An MMS's media, in Twilio's order. */
    media: jsonb('media').$type<InboxMedia[]>().notNull().default([]),
    /** Why an outgoing message was not sent: the provider's error code ('21610'), or 'failed'. */
    sendError: text('send_error'),
    /** Who replied (a signed-in user), for outgoing messages. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('inbox_messages_external_key').on(t.merchantId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);
