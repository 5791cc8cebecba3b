import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { templateCategories } from '../constants/templates';

// The value lists live in a drizzle-free module that client components can import.
export { smsScenes, templateCategories, TEMPLATE_TYPE, type SmsScene, type TemplateCategory } from '../constants/templates';

/** merchantId 0 marks a built-in common template: readable by every merchant, writable by none. */
export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: integer('type').notNull(), // EMAIL 0, SMS 1
    category: text('category', { enum: templateCategories }).notNull().default('Custom'),
    locale: text('locale'),
    subject: text('subject'),
    content: text('content').notNull().default(''),
    contentText: text('content_text').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    // SMS only: 'first_optin' or 'subsequent' (spec: scene), and whether to append unsubscribe text.
    scene: text('scene'),
    includeUnsubscribe: boolean('include_unsubscribe').notNull().default(false),
    // Built-in templates only: a stable key, so a re-seed updates the row instead of adding one.
    builtinKey: text('builtin_key'),
    /** Bumped by every edit; a campaign pins the version it was scheduled with (template_versions). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_merchant_type_idx').on(t.merchantId, t.type, t.updatedAt), uniqueIndex('templates_builtin_key_idx').on(t.builtinKey)],
);
