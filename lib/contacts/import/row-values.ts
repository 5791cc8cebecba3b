import type { Locale } from '@/lib/i18n/locales';
import { splitPersonName } from '@/lib/names/split-name';
import { isValidEmail, normalizeEmail, normalizeTags } from '../normalize';
import type { ImportField } from '../schema';
import { CUSTOM_FIELDS_MAX, CUSTOM_KEY_MAX, CUSTOM_VALUE_MAX, NAME_MAX, TAG_MAX, TAGS_MAX } from '../limits';
import { parseGenderCell, parseLocaleCell, parseOptCell, parseTypeCell, splitTags } from './columns';
import { unguardCell } from './cell-guard';
import { echoText } from '@/lib/spreadsheet/echo';

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
  locale: Locale | null;
  customFields: Record<string, string>;
}

/** A cell the row is imported without (a gender, type, consent or language the import cannot read), and why. */
export interface RowNote {
  key: string;
  values: Record<string, string | number>;
}

/**
 * `phoneCell`: the phone as written. It is read later (./row-phone.ts), in the country of the row's
 * location, which is only known once the location column is resolved; until then `values.phone` is null.
 * `notes`: the cells left out (the contact keeps what it had there), listed in the rejected-rows file.
 */
export type RowResult = { ok: true; values: RowValues; phoneCell: string | null; notes: RowNote[] } | { ok: false; reason: string; values?: Record<string, string | number> };

// How much of an unread cell a note quotes.
const QUOTED_CHARS = 40;

/**
 * One spreadsheet row through the mapping: normalised values, or the message key of why not. A
 * value over a field's bound refuses the row (listed with its reason), as the contact form and
 * the API refuse it: cutting it to fit lost the end of the cell without a word.
 */
export function readRow(cells: string[], columns: readonly (ImportField | 'ignore')[], headers: readonly string[], locale: Locale): RowResult {
  let phoneCell: string | null = null;
  const column = (i: number) => columnLabel(headers, i);
  const tooLong = (i: number, max: number): RowResult => ({ ok: false, reason: 'contacts.import.reasons.tooLong', values: { column: column(i), max } });
  const notes: RowNote[] = [];
  const unread = (i: number, key: string, cell: string) => notes.push({ key, values: { column: column(i), value: echoText(cell, QUOTED_CHARS) } });
  const v: RowValues = { firstName: null, lastName: null, email: null, phone: null, gender: null, type: null, locationName: null, tags: [], emailOptIn: null, smsOptIn: null, locale: null, customFields: {} };
  for (let i = 0; i < columns.length; i++) {
    const field = columns[i];
    if (field === 'ignore') continue;
    // The ' our CSV export put before a zip, a long number or an apostrophe is dropped again (./cell-guard.ts).
    // A line break or tab typed into a name or an address is a space to a person reading it; a
    // custom field (a note) keeps its lines.
    const raw = unguardCell((cells[i] ?? '').trim());
    const cell = field === 'custom' ? raw : oneLine(raw);
    if (!cell) continue;
    switch (field) {
      case 'fullName': {
        // A family and a given name of at most NAME_MAX each and the space between: a longer cell
        // is refused before it is split (splitting a cell of megabytes took a second a row).
        if (cell.length > 2 * NAME_MAX + 1) return tooLong(i, NAME_MAX);
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
      case 'email': {
        const email = firstOfSeveral(cell);
        if (!isValidEmail(email)) return { ok: false, reason: 'contacts.import.reasons.badEmail' };
        v.email = normalizeEmail(email);
        break;
      }
      case 'phone':
        phoneCell = firstOfSeveral(cell);
        break;
      case 'gender': {
        const gender = parseGenderCell(cell);
        if (gender === 'unread') unread(i, 'contacts.import.reasons.genderNotRead', cell);
        else v.gender = gender;
        break;
      }
      case 'type': {
        const type = parseTypeCell(cell);
        if (type === 'unread') unread(i, 'contacts.import.reasons.typeNotRead', cell);
        else v.type = type;
        break;
      }
      case 'location':
        v.locationName = cell;
        break;
      case 'tags':
        v.tags = normalizeTags([...v.tags, ...splitTags(cell)]);
        if (v.tags.some((tag) => tag.length > TAG_MAX)) return tooLong(i, TAG_MAX);
        if (v.tags.length > TAGS_MAX) return { ok: false, reason: 'contacts.import.reasons.tooManyTags', values: { max: TAGS_MAX } };
        break;
      case 'emailOptIn':
      case 'smsOptIn': {
        const opt = parseOptCell(cell);
        if (opt === 'unread') unread(i, 'contacts.import.reasons.consentNotRead', cell);
        else if (field === 'emailOptIn') v.emailOptIn = opt;
        else v.smsOptIn = opt;
        break;
      }
      case 'locale': {
        const locale = parseLocaleCell(cell);
        if (locale === 'unread') unread(i, 'contacts.import.reasons.localeNotRead', cell);
        else v.locale = locale;
        break;
      }
      case 'custom': {
        // Each custom column's header is its key, checked for the whole file first (customColumnsProblem).
        const key = (headers[i] ?? '').trim();
        if (cell.length > CUSTOM_VALUE_MAX) return tooLong(i, CUSTOM_VALUE_MAX);
        if (key) v.customFields[key] = cell;
        if (Object.keys(v.customFields).length > CUSTOM_FIELDS_MAX) return { ok: false, reason: 'contacts.import.reasons.tooManyFields', values: { max: CUSTOM_FIELDS_MAX } };
        break;
      }
    }
  }
  if (!v.email && !phoneCell) return { ok: false, reason: 'contacts.import.reasons.noEmailOrPhone' };
  return { ok: true, values: v, phoneCell, notes };
}

/** A cell's text on one line: line breaks and tabs as spaces, runs of spaces as one. */
export function oneLine(value: string): string {
  return /[\s]{2}|[\r\n\t\v\f\u2028\u2029]/.test(value) ? value.replace(/\s+/g, ' ').trim() : value;
}

/** Google Contacts writes a label's several values in one cell, separated by " ::: ": the first is the contact's. */
function firstOfSeveral(cell: string): string {
  return cell.includes(':::') ? cell.split(':::')[0].trim() : cell;
}

/** A column's header as a message names it (its number when it has none). */
export function columnLabel(headers: readonly string[], i: number): string {
  const header = (headers[i] ?? '').trim();
  if (!header) return String(i + 1);
  return echoText(header, QUOTED_CHARS);
}

/**
 * Why the file's custom columns cannot be imported as they are, or null: each one's header is the
 * key its values are stored under, so a header over CUSTOM_KEY_MAX (cut to fit, two such headers
 * were one key and a value was lost), a missing header, or two columns with the same header (the
 * second overwrote the first) refuse the file, naming the header, before a row is read.
 */
export function customColumnsProblem(columns: readonly (ImportField | 'ignore')[], headers: readonly string[]): { key: string; values: Record<string, string | number> } | null {
  const seen = new Set<string>();
  for (let i = 0; i < columns.length; i++) {
    if (columns[i] !== 'custom') continue;
    const key = (headers[i] ?? '').trim();
    if (!key) return { key: 'contacts.import.errors.customNoHeader', values: { column: String(i + 1) } };
    if (key.length > CUSTOM_KEY_MAX) return { key: 'contacts.import.errors.customHeaderTooLong', values: { column: columnLabel(headers, i), max: CUSTOM_KEY_MAX } };
    if (seen.has(key)) return { key: 'contacts.import.errors.customHeaderTwice', values: { column: columnLabel(headers, i) } };
    seen.add(key);
  }
  return null;
}
