import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { contacts } from '@/db/schema/contacts';
import { campaigns } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { templates } from '@/db/schema/templates';

/** Hand-built members, templates and request history for the campaigns tests. */
export async function addContact(db: Db, merchantId: number, locationId: number | null, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await db
    .insert(contacts)
    .values({ merchantId, locationId, firstName: 'Ann', lastName: 'Lee', optToken: crypto.randomBytes(12).toString('hex'), ...values })
    .returning();
  return row;
}

export async function addTemplate(db: Db, merchantId: number, type: 0 | 1, values: Partial<typeof templates.$inferInsert> = {}) {
  const [row] = await db
    .insert(templates)
    .values({
      merchantId,
      name: type === 0 ? 'Review email' : 'Review SMS',
      type,
      subject: type === 0 ? 'Hi {{firstName}}' : null,
      content: type === 0 ? '<p>Hello {{fullName}}, <a href="{{googleReviewLink}}">review</a> <a href="{{optoutLink}}">unsubscribe</a></p>' : 'Hi {{firstName}}, review us: {{googleReviewLink}}',
      contentText: type === 0 ? '' : 'Hi {{firstName}}, review us: {{googleReviewLink}}',
      ...values,
    })
    .returning();
  return row;
}

/** A past campaign with one delivery to a contact: the request history the filters read. */
export async function addHistory(db: Db, merchantId: number, locationId: number, contactId: number, values: Partial<typeof deliveries.$inferInsert>) {
  const [c] = await db.insert(campaigns).values({ merchantId, name: 'past', channel: 0, status: 5, locationId }).returning({ id: campaigns.id });
  await db.insert(deliveries).values({ merchantId, campaignId: c.id, contactId, channel: 0, toAddress: 'x@example.com', status: 'sent', ...values });
}
