import { getTableColumns } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';

// The stored search columns (migration 0026) exist for their indexes and are never read: a row
// read with them carries ~150 bytes more and a text[] for the driver to parse (issue 22, point 3).
const { searchText: _searchText, searchGrams: _searchGrams, ...readColumns } = getTableColumns(contacts);

/** A contact's columns as services read them: every column but the stored search columns. */
export const contactColumns = readColumns;

export type ContactRow = Omit<typeof contacts.$inferSelect, 'searchText' | 'searchGrams'>;

/** What the list, the detail and the API answer for one contact (never the opt token). */
export interface ContactRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  gender: ContactRow['gender'];
  type: ContactRow['type'];
  locationId: number | null;
  locationName: string | null;
  emailOptIn: boolean | null;
  emailOptInAt: Date | null;
  emailOptInSource: ContactRow['emailOptInSource'];
  smsOptIn: boolean | null;
  smsOptInAt: Date | null;
  smsOptInSource: ContactRow['smsOptInSource'];
  emailStatus: ContactRow['emailStatus'];
  locale: string | null;
  tags: string[];
  customFields: Record<string, string>;
  lastActivityAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toContactRecord(row: ContactRow, locationName: string | null): ContactRecord {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    type: row.type,
    locationId: row.locationId,
    locationName,
    emailOptIn: row.emailOptIn,
    emailOptInAt: row.emailOptInAt,
    emailOptInSource: row.emailOptInSource,
    smsOptIn: row.smsOptIn,
    smsOptInAt: row.smsOptInAt,
    smsOptInSource: row.smsOptInSource,
    emailStatus: row.emailStatus,
    locale: row.locale,
    tags: row.tags,
    customFields: row.customFields ?? {},
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
