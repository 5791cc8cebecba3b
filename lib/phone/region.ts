import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { preparedSql } from '@/lib/db/prepared';
import { countryOfNumber, supportedRegion } from './read';

/**
 * The region a number typed without a country code is read in (its "default region"):
 * 1. the country of the contact's location (for a location's own phone: that location's country);
 * 2. else the merchant's country. Merchants have no country field: it is the country all of the
 *    merchant's locations share, else the country of the merchant's own phone;
 * 3. else none: the number must read validly in exactly one way (./read.ts).
 */
export async function phoneRegion(db: Db, merchantId: number, locationId?: number | null): Promise<string | null> {
  const [row] = await regionFacts(db, { merchantId, locationId: locationId ?? null });
  return supportedRegion(row?.location_country) ?? merchantCountry(row?.shared_country, row?.merchant_phone);
}

// Run on every contact, location and profile save: one named statement, one round trip.
const regionFacts = preparedSql<{ location_country: string | null; shared_country: string | null; merchant_phone: string | null }>(
  'phone_region',
  sql`select
        (select l.country from locations l where l.id = ${sql.placeholder('locationId')} and l.merchant_id = ${sql.placeholder('merchantId')}) as location_country,
        (select case when count(distinct l.country) = 1 then min(l.country) end from locations l where l.merchant_id = ${sql.placeholder('merchantId')}) as shared_country,
        (select m.phone from merchants m where m.id = ${sql.placeholder('merchantId')}) as merchant_phone`,
);

/** Step 2 of the rule, for callers that already know the locations (the import). */
export function merchantCountry(sharedLocationCountry: string | null | undefined, merchantPhone: string | null | undefined): string | null {
  return supportedRegion(sharedLocationCountry) ?? countryOfNumber(merchantPhone);
}
