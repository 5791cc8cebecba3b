import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affectedRowCount } from '@/db/rows';
import { CampaignChannel, memberSnapshots, snapshotMembers } from '@/db/schema/campaigns';
import { contacts } from '@/db/schema/contacts';
import { AppError, notFound } from '@/lib/errors/app-error';
import { withTx, type ServiceContext } from '@/lib/context';
import { splitPersonName } from '@/lib/names/split-name';
import { isValidEmail, normalizeEmail } from '@/lib/contacts/normalize';
import { phoneOrRefuse } from '@/lib/phone/problem';
import { phoneRegion } from '@/lib/phone/region';
import { isPhoneTyped } from '@/lib/phone/typed';
import { newOptToken } from '@/lib/contacts/opt-token';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';
import { alwaysSkippedSql, contactColumns } from '@/lib/sending/eligibility';
import { audienceWhere } from './filters';
import { requireOwnLocation } from '@/lib/locations/own-location';
import type { FilterConditions, SnapshotInput } from './schema';

export interface Recipient {
  recipientName?: string | null;
  recipientEmail?: string | null;
  recipientPhone?: string | null;
}

export interface SnapshotSpec extends Recipient {
  locationId: number;
  channel: number;
  filters: FilterConditions;
}

export function hasRecipient(r: Recipient, channel: number): boolean {
  return Boolean(channel === CampaignChannel.EMAIL ? r.recipientEmail : r.recipientPhone);
}

/**
 * Freezes an audience: one member_snapshots row and, by one INSERT ... SELECT from the filters,
 * its snapshot_members. A single recipient replaces the audience (found by address, or created
 * as a lead of the location). Runs in the transaction the context carries (withTx).
 */
export async function buildSnapshot(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'locale' | 'now'>, spec: SnapshotSpec): Promise<{ snapshotId: number; total: number }> {
  const { db } = ctx;
  assertRecipient(spec, spec.channel);
  const location = await requireOwnLocation(db, ctx.merchantId, spec.locationId);
  const now = ctx.now();
  const single = hasRecipient(spec, spec.channel);
  const [snapshot] = await db
    .insert(memberSnapshots)
    .values({ merchantId: ctx.merchantId, locationId: location.id, channel: spec.channel, filterConditions: { ...spec.filters, ...(single ? recipientOf(spec) : {}) }, createdAt: now })
    .returning({ id: memberSnapshots.id });
  const audience = single ? await recipientMember(ctx, db, location.id, spec) : audienceWhere({ merchantId: ctx.merchantId, locationId: location.id, channel: spec.channel, filters: spec.filters, zone: location.timezone, now });
  const inserted = await db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select ${ctx.merchantId}, ${snapshot.id}, c.id from contacts c where ${audience}`);
  // The snapshot is new: its members are the rows just inserted (counting them again read a
  // million fresh rows, 0.2 s, bench/RESULTS.md issue 22).
  const total = affectedRowCount(inserted);
  await db.update(memberSnapshots).set({ total }).where(eq(memberSnapshots.id, snapshot.id));
  return { snapshotId: snapshot.id, total };
}

/**
 * The single recipient (found by address, or created as a lead of the location) as the audience's
 * condition on contacts `c`, unless they are never sent to (lib/sending/eligibility.ts): opted out,
 * bounced or complained; an SMS opt-in may still come from the template (the dispatcher decides
 * with its scene).
 */
async function recipientMember(ctx: Pick<ServiceContext, 'merchantId' | 'locale' | 'now'>, db: Db, locationId: number, spec: SnapshotSpec): Promise<SQL> {
  const contactId = await findOrCreateRecipient(ctx, db, locationId, spec);
  const skipped = alwaysSkippedSql(spec.channel === CampaignChannel.EMAIL ? 'email' : 'sms', contactColumns('c'));
  return sql`c.id = ${contactId} and c.merchant_id = ${ctx.merchantId} and not ${skipped}`;
}

export async function createSnapshot(ctx: ServiceContext, input: SnapshotInput): Promise<{ snapshotId: number; id: number; total: number }> {
  const spec: SnapshotSpec = { locationId: input.locationId, channel: input.campaignChannel, filters: input.filterConditions, ...recipientOf(input) };
  const result = await withTx(ctx, (tx) => buildSnapshot(tx, spec));
  return { snapshotId: result.snapshotId, id: result.snapshotId, total: result.total };
}

const GENDER_CODES: Record<string, number> = { male: 1, female: 2, other: 3 };

/** GET /api/campaign/members/snapshot/{id}: a page of the frozen members (spec section 3 fields). */
export async function pageSnapshot(ctx: ServiceContext, snapshotId: number, page: { pageNum: number; pageSize: number }) {
  const [snapshot] = await ctx.db
    .select({ id: memberSnapshots.id, total: memberSnapshots.total })
    .from(memberSnapshots)
    .where(and(eq(memberSnapshots.id, snapshotId), eq(memberSnapshots.merchantId, ctx.merchantId)))
    .limit(1);
  if (!snapshot) throw notFound('campaigns.errors.snapshotNotFound');
  const rows = await ctx.db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, gender: contacts.gender, email: contacts.email, phone: contacts.phone })
    .from(snapshotMembers)
    .innerJoin(contacts, and(eq(contacts.id, snapshotMembers.contactId), eq(contacts.merchantId, snapshotMembers.merchantId)))
    .where(and(eq(snapshotMembers.merchantId, ctx.merchantId), eq(snapshotMembers.snapshotId, snapshotId)))
    .orderBy(asc(contacts.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const records = rows.map((r) => ({ memberId: r.id, id: r.id, firstName: r.firstName, lastName: r.lastName, gender: GENDER_CODES[r.gender] ?? 0, email: r.email ?? '', phone: r.phone ?? '' }));
  return { snapshotId, total: snapshot.total, pageNum: page.pageNum, pageSize: page.pageSize, records, members: records };
}

function recipientOf(r: Recipient): Recipient {
  return { recipientName: r.recipientName ?? null, recipientEmail: r.recipientEmail ?? null, recipientPhone: r.recipientPhone ?? null };
}

/** Validates a single recipient's address for the channel; field errors name the form's fields. */
export function assertRecipient(r: Recipient, channel: number): void {
  if (r.recipientEmail && !isValidEmail(r.recipientEmail)) throw new AppError('VALIDATION', 'validation.email', { fieldErrors: { recipientEmail: 'validation.email' } });
  if (r.recipientPhone && !isPhoneTyped(r.recipientPhone)) throw new AppError('VALIDATION', 'validation.phone', { fieldErrors: { recipientPhone: 'validation.phone' } });
  if ((r.recipientName || r.recipientEmail || r.recipientPhone) && !hasRecipient(r, channel)) {
    const field = channel === CampaignChannel.EMAIL ? 'recipientEmail' : 'recipientPhone';
    throw new AppError('VALIDATION', 'campaigns.errors.recipientAddress', { fieldErrors: { [field]: 'campaigns.errors.recipientAddress' } });
  }
}

/** A single recipient's number, read in the campaign's location's country (lib/phone/region.ts). */
export async function recipientPhone(ctx: Pick<ServiceContext, 'merchantId' | 'locale'>, db: Db, locationId: number, typed: string): Promise<string> {
  return phoneOrRefuse(typed, await phoneRegion(db, ctx.merchantId, locationId), ctx.locale, 'recipientPhone');
}

async function findOrCreateRecipient(ctx: Pick<ServiceContext, 'merchantId' | 'locale' | 'now'>, db: Db, locationId: number, r: Recipient & { channel: number }): Promise<number> {
  assertRecipient(r, r.channel);
  const email = r.recipientEmail ? normalizeEmail(r.recipientEmail) : null;
  const phone = r.recipientPhone ? await recipientPhone(ctx, db, locationId, r.recipientPhone) : null;
  const byAddress = r.channel === CampaignChannel.EMAIL ? eq(contacts.email, email ?? '') : eq(contacts.phone, phone ?? '');
  const find = async () => (await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.merchantId, ctx.merchantId), byAddress)).limit(1))[0]?.id;
  const existing = await find();
  if (existing) return existing;
  const { firstName, lastName } = splitPersonName(r.recipientName ?? '', ctx.locale);
  const now = ctx.now();
  // Waits for an import of the merchant's contacts (lib/db/contacts-lock.ts); `db` is the snapshot's transaction.
  await lockMerchantContacts(db, ctx.merchantId);
  const inserted = await db
    .insert(contacts)
    .values({
      merchantId: ctx.merchantId,
      locationId,
      firstName,
      lastName,
      email: r.channel === CampaignChannel.EMAIL ? email : null,
      phone: r.channel === CampaignChannel.SMS ? phone : null,
      type: 'leads',
      optToken: newOptToken(),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  const id = inserted[0]?.id ?? (await find());
  if (!id) throw new AppError('CONFLICT');
  return id;
}
