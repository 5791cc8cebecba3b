import { locations } from '@/db/schema/locations';

/** A location as the API and the page see it (spec section 3 names, camelCase). */
export interface LocationRecord {
  locationId: number;
  locationName: string;
  address: string;
  city: string;
  state: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  zipCode: string;
  /** E.164, or null. */
  phone: string | null;
  /** IANA zone. */
  timezone: string;
  reviewLink: string | null;
  enabled: boolean;
  /** Linked to a business-profile location. */
  connected: boolean;
  /** ISO 8601, UTC. */
  createTime: string;
  updateTime: string;
}

/**
 * The columns every read selects. `connected` is written by the sources domain when it links or
 * unlinks a business-profile location (lib/sources/connection.ts).
 */
export const recordColumns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  city: locations.city,
  state: locations.state,
  country: locations.country,
  zipCode: locations.zipCode,
  phone: locations.phone,
  timezone: locations.timezone,
  reviewLink: locations.reviewLink,
  enabled: locations.enabled,
  connected: locations.connected,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};

type Row = {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  phone: string | null;
  timezone: string;
  reviewLink: string | null;
  enabled: boolean;
  connected: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
};

export function toRecord(row: Row): LocationRecord {
  return {
    locationId: row.id,
    locationName: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    zipCode: row.zipCode,
    phone: row.phone,
    timezone: row.timezone,
    reviewLink: row.reviewLink,
    enabled: row.enabled,
    connected: row.connected,
    createTime: new Date(row.createdAt).toISOString(),
    updateTime: new Date(row.updatedAt).toISOString(),
  };
}
