import { and, desc, eq } from 'drizzle-orm';
import { consentEvents, contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { contactColumns, toContactRecord, type ContactRecord } from './record';
import { appUrl } from '@/lib/app-url';
import { optinLink, optoutLink } from '@/lib/consent/opt-links';

export interface ConsentEventDto {
  id: number;
  channel: 'email' | 'sms';
  action: 'optin' | 'optout';
  source: string;
  createdAt: Date;
}

export interface ContactDetail extends ContactRecord {
  optinUrl: string;
  optoutUrl: string;
  consentHistory: ConsentEventDto[];
}

/** One contact of the merchant with its consent history; another merchant's id is not found. */
export async function getContact(ctx: ServiceContext, id: number): Promise<ContactDetail> {
  const [row] = await ctx.db
    .select({ contact: contactColumns, locationName: locations.name })
    .from(contacts)
    .leftJoin(locations, eq(locations.id, contacts.locationId))
    .where(and(eq(contacts.id, id), eq(contacts.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('contacts.errors.notFound');
  const history = await ctx.db
    .select({ id: consentEvents.id, channel: consentEvents.channel, action: consentEvents.action, source: consentEvents.source, createdAt: consentEvents.createdAt })
    .from(consentEvents)
    .where(and(eq(consentEvents.contactId, id), eq(consentEvents.merchantId, ctx.merchantId)))
    .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id))
    .limit(200);
  const base = appUrl();
  return {
    ...toContactRecord(row.contact, row.locationName),
    optinUrl: optinLink(base, row.contact.optToken),
    optoutUrl: optoutLink(base, row.contact.optToken),
    consentHistory: history,
  };
}

/** The contact row, or not found; for services that change it. */
export async function loadOwnContact(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('contacts.errors.notFound');
  return row;
}
