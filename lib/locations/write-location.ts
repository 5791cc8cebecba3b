import { and, eq } from 'drizzle-orm';
import { locations } from '@/db/schema/locations';
import { AppError } from '@/lib/errors/app-error';
import { staleEdit } from '@/lib/errors/stale-edit';
import { nextUpdatedAt, sameUpdatedAt } from '@/lib/db/updated-at';
import type { ServiceContext } from '@/lib/context';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import { isStoredNumber, phoneOrRefuse } from '@/lib/phone/problem';
import type { LocationRecord } from './record';
import type { CreateLocationInput, UpdateLocationInput } from './schema';
import { getLocation, locationNotFound } from './get-location';
import { checkZipCode } from './zip-codes';
import { requireOwner } from '@/lib/team/require-owner';

export async function createLocation(ctx: ServiceContext, input: CreateLocationInput): Promise<LocationRecord> {
  const now = ctx.now();
  const zipCode = zipFor(input.country, input.zipCode ?? '');
  const phone = input.phone ? locationPhone(ctx, input.phone, input.country) : null;
  const [row] = await ctx.db
    .insert(locations)
    .values({
      merchantId: ctx.merchantId,
      name: input.locationName,
      address: input.address,
      city: input.city,
      state: input.state,
      country: input.country,
      zipCode,
      phone,
      timezone: input.timezone ?? DEFAULT_TIME_ZONE,
      reviewLink: input.reviewLink || null,
      enabled: input.enabled ?? true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: locations.id });
  return getLocation(ctx, row.id);
}

/**
 * Replaces the fields given. An optional field left out (undefined) keeps its value; null or an
 * empty string clears it. The zip code is checked again when only the country changed. With
 * `updateTime`, a location changed since the client read it refuses the update (the update's own
 * condition, so nothing written in between is lost).
 */
export async function updateLocation(ctx: ServiceContext, input: UpdateLocationInput): Promise<LocationRecord> {
  const current = await getLocation(ctx, input.locationId);
  const zipCode = zipFor(input.country, input.zipCode === undefined ? current.zipCode : (input.zipCode ?? ''));
  const phone = input.phone === undefined ? current.phone : input.phone ? locationPhone(ctx, input.phone, input.country, current.phone) : null;
  const updated = await ctx.db
    .update(locations)
    .set({
      name: input.locationName,
      address: input.address,
      city: input.city,
      state: input.state,
      country: input.country,
      zipCode,
      phone,
      timezone: input.timezone ?? current.timezone,
      reviewLink: input.reviewLink === undefined ? current.reviewLink : input.reviewLink || null,
      enabled: input.enabled ?? current.enabled,
      updatedAt: nextUpdatedAt(locations.updatedAt, ctx.now()),
    })
    .where(and(eq(locations.id, input.locationId), eq(locations.merchantId, ctx.merchantId), input.updateTime ? sameUpdatedAt(locations.updatedAt, input.updateTime) : undefined))
    .returning({ id: locations.id });
  if (!updated.length) {
    // Deleted since: 404 as before; still there: changed since the client's copy.
    await getLocation(ctx, input.locationId);
    throw staleEdit();
  }
  return getLocation(ctx, input.locationId);
}

/** The enable/disable toggle of spec section 4: the owner's (a disabled location stops its campaigns' audience). */
export async function setLocationStatus(ctx: ServiceContext, locationId: number, enabled: boolean): Promise<LocationRecord> {
  await requireOwner(ctx);
  const updated = await ctx.db
    .update(locations)
    .set({ enabled, updatedAt: nextUpdatedAt(locations.updatedAt, ctx.now()) })
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, ctx.merchantId)))
    .returning({ id: locations.id });
  if (!updated.length) throw locationNotFound();
  return getLocation(ctx, locationId);
}

/** A location's own number is read in its own country (lib/phone/read.ts); the stored one sent back is kept. */
function locationPhone(ctx: ServiceContext, phone: string, country: string, stored?: string | null): string {
  if (stored && isStoredNumber(phone, stored)) return stored;
  return phoneOrRefuse(phone, country, ctx.locale);
}

/** The stored form of a zip code, or a field error the form shows beside the zip code. */
function zipFor(country: string, zipCode: string): string {
  const check = checkZipCode(country, zipCode);
  if (!check.ok) throw new AppError('VALIDATION', 'errors.validation', { fieldErrors: { zipCode: check.messageKey } });
  return check.value;
}
