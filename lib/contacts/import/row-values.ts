import type { Locale } from '@/lib/i18n/locales';
import { splitPersonName } from '@/lib/names/split-name';
import { isValidEmail, normalizeEmail, normalizeTags } from '../normalize';
import type { ImportField } from '../schema';
import { CUSTOM_FIELDS_MAX, CUSTOM_KEY_MAX, CUSTOM_VALUE_MAX, NAME_MAX, TAG_MAX, TAGS_MAX } from '../limits';
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
export type RowResult = { ok: true; values: RowValues; phoneCell: string | null } | { ok: false; reason: string; values?: Record<string, string | number> };

/**
 * One spreadsheet row through the mapping: normalised values, or the message key of why not. A
 * value over a field's bound refuses the row (listed with its reason), as the contact form and
 * the API refuse it: cutting it to fit lost the end of the cell without a word.
 */
export function readRow(cells: string[], columns: readonly (ImportField | 'ignore')[], headers: readonly string[], locale: Locale): RowResult {
  let phoneCell: string | null = null;
  const tooLong = (i: number, max: number): RowResult => ({ ok: false, reason: 'contacts.import.reasons.tooLong', values: { column: (headers[i] ?? '').trim() || String(i + 1), max } });
  const v: RowValues = { firstName: null, lastName: null, email: null, phone: null, gender: null, type: null, locationName: null, tags: [], emailOptIn: null, smsOptIn: null, customFields: {} };
  for (let i = 0; i < columns.length; i++) {
    const field = columns[i];
    const cell = (cells[i] ?? '').trim();
    if (!cell || field === 'ignore') continue;
    switch (field) {
      case 'fullName': {
        const split = splitPersonName(cell, locale);
        if (split.firstName.length > NAME_MAX || split.lastName.length > NAME_MAX) return tooLong(i, NAME_MAX);
        v.firstName ??= split.firstName || null;
        v.lastName ??= split.lastName || null;
        break;
      }
      case 'firstName':
        if (cell.length > NAME_MAX) return tooLong(i, NAME_MAX);
        v.firstName = cell;
        break;
      case 'lastName':
        if (cell.length > NAME_MAX) return tooLong(i, NAME_MAX);
        v.lastName = cell;
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
        v.tags = normalizeTags([...v.tags, ...splitTags(cell)]);
        if (v.tags.some((tag) => tag.length > TAG_MAX)) return tooLong(i, TAG_MAX);
        if (v.tags.length > TAGS_MAX) return { ok: false, reason: 'contacts.import.reasons.tooManyTags', values: { max: TAGS_MAX } };
        break;
      case 'emailOptIn':
        v.emailOptIn = parseOptCell(cell);
        break;
      case 'smsOptIn':
        v.smsOptIn = parseOptCell(cell);
        break;
      case 'custom': {
        const key = (headers[i] ?? '').trim().slice(0, CUSTOM_KEY_MAX);
        if (cell.length > CUSTOM_VALUE_MAX) return tooLong(i, CUSTOM_VALUE_MAX);
        if (key) v.customFields[key] = cell;
        if (Object.keys(v.customFields).length > CUSTOM_FIELDS_MAX) return { ok: false, reason: 'contacts.import.reasons.tooManyFields', values: { max: CUSTOM_FIELDS_MAX } };
        break;
      }
    }
  }
  if (!v.email && !phoneCell) return { ok: false, reason: 'contacts.import.reasons.noEmailOrPhone' };
  return { ok: true, values: v, phoneCell };
}
