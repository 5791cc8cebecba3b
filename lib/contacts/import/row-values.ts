import type { Locale } from '@/lib/i18n/locales';
import { splitPersonName } from '@/lib/names/split-name';
import { isValidEmail, normalizeEmail, normalizeTags } from '../normalize';
import type { ImportField } from '../schema';
import { parseGenderCell, parseOptCell, parseTypeCell, splitTags } from './columns';

export interface RowValues {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  gender: 'male' | 'female' | 'other' | 'unknown' | null;
  type: 'leads' | 'customer' | null;
  locationName: string | null;
  tags: string[];
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
  customFields: Record<string, string>;
}

/**
 * `phoneCell`: the phone as written. It is read later (./row-phone.ts), in the country of the row's
 * location, which is only known once the location column is resolved; until then `values.phone` is null.
 */
export type RowResult = { ok: true; values: RowValues; phoneCell: string | null } | { ok: false; reason: string };

/** One spreadsheet row through the mapping: normalised values, or the message key of why not. */
export function readRow(cells: string[], columns: readonly (ImportField | 'ignore')[], headers: readonly string[], locale: Locale): RowResult {
  let phoneCell: string | null = null;
  const v: RowValues = { firstName: null, lastName: null, email: null, phone: null, gender: null, type: null, locationName: null, tags: [], emailOptIn: null, smsOptIn: null, customFields: {} };
  for (let i = 0; i < columns.length; i++) {
    const field = columns[i];
    const cell = (cells[i] ?? '').trim();
    if (!cell || field === 'ignore') continue;
    switch (field) {
      case 'fullName': {
        const split = splitPersonName(cell, locale);
        v.firstName ??= split.firstName || null;
        v.lastName ??= split.lastName || null;
        break;
      }
      case 'firstName':
        v.firstName = cell.slice(0, 100);
        break;
      case 'lastName':
        v.lastName = cell.slice(0, 100);
        break;
      case 'email':
        if (!isValidEmail(cell)) return { ok: false, reason: 'contacts.import.reasons.badEmail' };
        v.email = normalizeEmail(cell);
        break;
      case 'phone':
        phoneCell = cell;
        break;
      case 'gender':
        v.gender = parseGenderCell(cell);
        break;
      case 'type':
        v.type = parseTypeCell(cell);
        break;
      case 'location':
        v.locationName = cell;
        break;
      case 'tags':
        v.tags = normalizeTags([...v.tags, ...splitTags(cell)]).map((t) => t.slice(0, 30)).slice(0, 20);
        break;
      case 'emailOptIn':
        v.emailOptIn = parseOptCell(cell);
        break;
      case 'smsOptIn':
        v.smsOptIn = parseOptCell(cell);
        break;
      case 'custom': {
        const key = (headers[i] ?? '').trim().slice(0, 40);
        if (key) v.customFields[key] = cell.slice(0, 500);
        break;
      }
    }
  }
  if (!v.email && !phoneCell) return { ok: false, reason: 'contacts.import.reasons.noEmailOrPhone' };
  return { ok: true, values: v, phoneCell };
}
