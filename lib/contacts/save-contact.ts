import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contactFieldDefinitions, contacts, type ConsentChannel, type ConsentSource } from '@/db/schema/contacts';
import type { ServiceContext } from '@/lib/context';
import { AppError, notFound } from '@/lib/errors/app-error';
import { staleEdit } from '@/lib/errors/stale-edit';
import { nextUpdatedAt, sameUpdatedAt } from '@/lib/db/updated-at';
import { splitPersonName } from '@/lib/names/split-name';
import { writeConsent } from '@/lib/consent/record-consent';
import { assertNoDuplicate, duplicateError, uniqueViolationField } from './duplicates';
import { loadOwnContact } from './get-contact';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { isStoredNumber, phoneOrRefuse } from '@/lib/phone/problem';
import { phoneRegion } from '@/lib/phone/region';
import { normalizeEmail, normalizeTags } from './normalize';
import { newOptToken } from './opt-token';
import { NAME_MAX } from './limits';
import type { ContactInput, QuickAddInput } from './schema';
import { emailStatusAfterEdit } from './email-status';

export interface SaveOptions {
  /** Where consent changes came from: 'manual' from the app, 'api' from the /api calls. */
  source?: Extract<ConsentSource, 'manual' | 'api'>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Creates a contact; a same e-mail or phone in the merchant is refused with a link to it. */
export async function createContact(ctx: ServiceContext, input: ContactInput, options: SaveOptions = {}): Promise<{ id: number }> {
  if (input.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, input.locationId, { field: 'locationId' });
  const values = normalized(input, await storedPhone(ctx, input));
  await assertNoDuplicate(ctx, ctx.db, values);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockMerchantContacts(tx, ctx.merchantId);
      const [row] = await tx
        .insert(contacts)
        .values({ ...values, merchantId: ctx.merchantId, optToken: newOptToken(), emailOptIn: null, smsOptIn: null, createdAt: now, updatedAt: now })
        .returning({ id: contacts.id });
      await applyConsentChanges(ctx, tx, row.id, { emailOptIn: null, smsOptIn: null }, input, options, now);
      await rememberFieldKeys(ctx, tx, Object.keys(values.customFields));
      return { id: row.id };
    });
  } catch (error) {
    throw await asDuplicate(ctx, error, values);
  }
}

/** Quick add: the one name is split by the locale's name order. */
export async function quickAddContact(ctx: ServiceContext, input: QuickAddInput, options: SaveOptions = {}): Promise<{ id: number }> {
  const { firstName, lastName } = splitPersonName(input.name, ctx.locale);
  // The detailed form needs both parts: a contact saved with one would fail its next edit.
  if (!firstName || !lastName) throw new AppError('VALIDATION', 'contacts.errors.nameNeedsBoth', { fieldErrors: { name: 'contacts.errors.nameNeedsBoth' } });
  if (firstName.length > NAME_MAX || lastName.length > NAME_MAX) throw new AppError('VALIDATION', 'validation.tooLong', { fieldErrors: { name: 'validation.tooLong' }, values: { max: NAME_MAX } });
  return createContact(
    ctx,
    { firstName, lastName, email: input.email, phone: input.phone, locationId: input.locationId, gender: 'unknown', type: 'leads', tags: [], customFields: {}, emailOptIn: null, smsOptIn: null, locale: null },
    options,
  );
}

/**
 * Replaces a contact's fields; consent changes are written to history in the same transaction.
 * Consent is decided on the row as it is now, locked: an opt-out recorded since the caller read
 * the contact is never undone by an input that leaves the channel out (null). With `updatedAt`,
 * a contact changed since then refuses the update.
 */
export async function updateContact(ctx: ServiceContext, id: number, input: ContactInput, options: SaveOptions = {}): Promise<{ id: number }> {
  const current = await loadOwnContact(ctx, id);
  if (input.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, input.locationId, { field: 'locationId' });
  const values = normalized(input, await storedPhone(ctx, input, current.phone));
  await assertNoDuplicate(ctx, ctx.db, values, id);
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      // The import's order (merchant, then contact rows, then rollups): an edit beside it waits, never deadlocks.
      await lockMerchantContacts(tx, ctx.merchantId);
      const locked = await lockForUpdate(ctx, tx, id, input.updatedAt);
      await applyConsentChanges(ctx, tx, id, locked, input, options, now);
      // After the consent rows (they stamp the database's clock): the version moves past them.
      await tx
        .update(contacts)
        .set({ ...values, emailStatus: emailStatusAfterEdit(values.email), updatedAt: nextUpdatedAt(contacts.updatedAt, now) })
        .where(and(eq(contacts.id, id), eq(contacts.merchantId, ctx.merchantId)));
      await rememberFieldKeys(ctx, tx, Object.keys(values.customFields));
    });
  } catch (error) {
    throw await asDuplicate(ctx, error, values, id);
  }
  return { id };
}

/** The contact's consent as stored now, its row locked for the transaction; a copy older than it is refused. */
async function lockForUpdate(ctx: ServiceContext, tx: Tx, id: number, expected: Date | undefined) {
  const [row] = await tx
    .select({ emailOptIn: contacts.emailOptIn, smsOptIn: contacts.smsOptIn, fresh: expected ? sameUpdatedAt(contacts.updatedAt, expected) : sql<boolean>`true` })
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.merchantId, ctx.merchantId)))
    .for('update');
  if (!row) throw notFound('contacts.errors.notFound');
  if (!row.fresh) throw staleEdit();
  return row;
}

/**
 * The phone to store: read in the contact's location's country, else the merchant's
 * (lib/phone/region.ts); refused with a field error when it is not a valid number there.
 */
async function storedPhone(ctx: ServiceContext, input: ContactInput, current?: string | null): Promise<string | null> {
  if (!input.phone) return null;
  if (isStoredNumber(input.phone, current)) return current ?? null;
  return phoneOrRefuse(input.phone, await phoneRegion(ctx.db, ctx.merchantId, input.locationId), ctx.locale);
}

function normalized(input: ContactInput, phone: string | null) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ? normalizeEmail(input.email) : null,
    phone,
    gender: input.gender,
    type: input.type,
    locationId: input.locationId ?? null,
    tags: normalizeTags(input.tags),
    customFields: Object.fromEntries(Object.entries(input.customFields).filter(([k]) => k.trim())),
    locale: input.locale ?? null,
  };
}

async function applyConsentChanges(
  ctx: ServiceContext,
  tx: Tx,
  contactId: number,
  current: { emailOptIn: boolean | null; smsOptIn: boolean | null },
  wanted: { emailOptIn: boolean | null; smsOptIn: boolean | null },
  options: SaveOptions,
  at: Date,
): Promise<void> {
  const changes: [ConsentChannel, boolean | null, boolean | null][] = [
    ['email', current.emailOptIn, wanted.emailOptIn],
    ['sms', current.smsOptIn, wanted.smsOptIn],
  ];
  for (const [channel, before, after] of changes) {
    // "Never stated" cannot be chosen again once stated: consent history only moves in or out.
    if (after === null || after === before) continue;
    await writeConsent(tx, { merchantId: ctx.merchantId, contactId, channel, action: after ? 'optin' : 'optout', source: options.source ?? 'manual', userId: ctx.userId, at });
  }
}

async function rememberFieldKeys(ctx: ServiceContext, tx: Tx, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await tx
    .insert(contactFieldDefinitions)
    .values(keys.map((key) => ({ merchantId: ctx.merchantId, key })))
    .onConflictDoNothing();
}

async function asDuplicate(ctx: ServiceContext, error: unknown, values: { email: string | null; phone: string | null }, exceptId?: number): Promise<unknown> {
  const field = uniqueViolationField(error);
  if (!field) return error;
  try {
    await assertNoDuplicate(ctx, ctx.db, values, exceptId);
  } catch (duplicate) {
    return duplicate;
  }
  return duplicateError(ctx, { id: 0, firstName: '', lastName: '' }, field);
}

/** The merchant's custom-field keys, for the form's suggestions. */
export async function listFieldKeys(ctx: ServiceContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: contactFieldDefinitions.key })
    .from(contactFieldDefinitions)
    .where(eq(contactFieldDefinitions.merchantId, ctx.merchantId))
    .orderBy(sql`${contactFieldDefinitions.key}`);
  return rows.map((r) => r.key);
}
