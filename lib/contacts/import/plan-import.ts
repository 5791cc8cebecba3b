import { newOptToken } from '../opt-token';
import type { ConflictChoice } from '../limits';
import type { SheetRow } from './parse-file';
import type { RowValues } from './row-values';

/**
 * Why a row cannot simply merge into the contact it matches: its e-mail and its phone belong to
 * two different contacts, it matched by phone but carries another e-mail than the contact's, or
 * it matched by e-mail but carries another phone. Merging would replace a person's address.
 */
export type ConflictKind = 'twoContacts' | 'otherEmail' | 'otherPhone';

/** A conflict as the preview lists it: the row, why, the contact it would change, and the choice applied. */
export interface ImportConflict {
  row: number;
  kind: ConflictKind;
  choice: ConflictChoice;
  contact: { id: number; name: string; email: string | null; phone: string | null };
}

/** The choice of each conflicting row (by its row number), and the one for every other conflict. */
export interface ConflictChoices {
  byRow: ReadonlyMap<number, ConflictChoice>;
  otherwise: ConflictChoice;
}

export const SKIP_CONFLICTS: ConflictChoices = { byRow: new Map(), otherwise: 'skip' };

export type ExistingContact = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: string;
  type: string;
  location_id: number | null;
  tags: string[];
  custom_fields: Record<string, string> | null;
  email_opt_in: boolean | null;
  sms_opt_in: boolean | null;
  locale: string | null;
};

export interface ContactWrite {
  id?: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: string;
  type: string;
  location_id: number | null;
  tags: string[];
  custom_fields: Record<string, string>;
  email_opt_in: boolean | null;
  sms_opt_in: boolean | null;
  locale: string | null;
  email_changed: boolean;
  sms_changed: boolean;
  opt_token?: string;
}

export interface ImportPlan {
  inserts: ContactWrite[];
  updates: ContactWrite[];
  unchanged: number;
  rejected: { row: SheetRow; reason: string; values?: Record<string, string | number> }[];
  /** Rows that asked to opt a contact who had opted out back in: imported without that, and told so. */
  optOutsKept: { row: SheetRow; channel: 'email' | 'sms' }[];
  /** Every conflicting row, with the choice applied to it (skipped ones are written nowhere). */
  conflicts: { row: SheetRow; conflict: ImportConflict }[];
  /** Rows written without a key another contact holds (a conflict resolved by "create new" or "update"), and which. */
  keysLeftOut: { row: SheetRow; key: 'email' | 'phone' }[];
}

interface Candidate {
  row: SheetRow;
  values: RowValues;
  locationId: number | null;
}

/**
 * Decides, row by row in file order, what the import writes: a new contact, an update of the one
 * with the same e-mail or phone, nothing (unchanged), or a refusal. Pure: no database.
 *
 * A row's fate depends only on the rows before it and on the contacts as they were before the
 * import, so the file can be planned in chunks (commit-import.ts writes one chunk while it reads
 * the next): the planner keeps the keys and contacts it has seen across chunks. Each chunk brings
 * the existing contacts matching its keys; a contact already known keeps the state it was first
 * read in (its state before the import: only the import's own rows changed it since), so the plan
 * of a file is the same whatever its chunks.
 */
export function createImportPlanner(choices: ConflictChoices = SKIP_CONFLICTS): { plan(candidates: Candidate[], existing: ExistingContact[]): ImportPlan } {
  const known = new Set<number>();
  const byEmail = new Map<string, ExistingContact>();
  const byPhone = new Map<string, ExistingContact>();
  const seen = new Map<string, number>();
  const touched = new Map<number, number>();

  const learn = (existing: ExistingContact[]) => {
    for (const c of existing) {
      if (known.has(c.id)) continue;
      known.add(c.id);
      if (c.email && !byEmail.has(c.email)) byEmail.set(c.email, c);
      if (c.phone && !byPhone.has(c.phone)) byPhone.set(c.phone, c);
    }
  };

  return {
    plan(candidates, existing) {
      learn(existing);
      const plan: ImportPlan = { inserts: [], updates: [], unchanged: 0, rejected: [], optOutsKept: [], conflicts: [], keysLeftOut: [] };
      for (const { row, values, locationId } of candidates) {
        const keys = [values.email && `e:${values.email}`, values.phone && `p:${values.phone}`].filter((k): k is string => !!k);
        const earlier = keys.map((k) => seen.get(k)).find((n) => n !== undefined);
        if (earlier !== undefined) {
          plan.rejected.push({ row, reason: 'contacts.import.reasons.duplicateRow', values: { row: earlier } });
          continue;
        }
        const a = values.email ? byEmail.get(values.email) : undefined;
        const b = values.phone ? byPhone.get(values.phone) : undefined;
        const kind = conflictOf(values, a, b);
        let match = a ?? b;
        let rowValues = values;
        if (kind) {
          const target = match as ExistingContact;
          const choice = choices.byRow.get(row.rowNumber) ?? choices.otherwise;
          // Two contacts already hold the row's two keys: a new contact could hold neither.
          const applied: ConflictChoice = kind === 'twoContacts' && choice === 'create' ? 'skip' : choice;
          plan.conflicts.push({ row, conflict: { row: row.rowNumber, kind, choice: applied, contact: { id: target.id, name: `${target.first_name} ${target.last_name}`.trim(), email: target.email, phone: target.phone } } });
          if (applied === 'skip') {
            keys.forEach((k) => seen.set(k, row.rowNumber));
            continue;
          }
          // The key another contact holds is left out of what is written (both are unique per merchant).
          const leftOut: 'email' | 'phone' | null = applied === 'create' ? (kind === 'otherEmail' ? 'phone' : 'email') : kind === 'twoContacts' ? 'phone' : null;
          if (leftOut) {
            plan.keysLeftOut.push({ row, key: leftOut });
            rowValues = { ...values, [leftOut]: null };
          }
          match = applied === 'create' ? undefined : target;
        }
        if (match && touched.has(match.id)) {
          plan.rejected.push({ row, reason: 'contacts.import.reasons.duplicateRow', values: { row: touched.get(match.id) as number } });
          continue;
        }
        keys.forEach((k) => seen.set(k, row.rowNumber));
        if (!match) {
          if (!rowValues.firstName && !rowValues.lastName) {
            plan.rejected.push({ row, reason: 'contacts.import.reasons.noName' });
            continue;
          }
          plan.inserts.push(newContact(rowValues, locationId));
          continue;
        }
        touched.set(match.id, row.rowNumber);
        for (const channel of optOutsKept(match, rowValues)) plan.optOutsKept.push({ row, channel });
        const merged = mergeInto(match, rowValues, locationId);
        if (merged) plan.updates.push(merged);
        else plan.unchanged++;
      }
      return plan;
    },
  };
}

/**
 * The conflict a row's keys make with the contacts, or null when it may merge (or is new). A
 * blank key never conflicts: the row fills in what the contact lacks, it replaces nothing.
 */
function conflictOf(v: RowValues, byEmail: ExistingContact | undefined, byPhone: ExistingContact | undefined): ConflictKind | null {
  if (byEmail && byPhone && byEmail.id !== byPhone.id) return 'twoContacts';
  if (byPhone && v.email && byPhone.email && byPhone.email !== v.email) return 'otherEmail';
  if (byEmail && v.phone && byEmail.phone && byEmail.phone !== v.phone) return 'otherPhone';
  return null;
}

function newContact(values: RowValues, locationId: number | null): ContactWrite {
  return {
    first_name: values.firstName ?? '',
    last_name: values.lastName ?? '',
    email: values.email,
    phone: values.phone,
    gender: values.gender ?? 'unknown',
    type: values.type ?? 'leads',
    location_id: locationId,
    tags: values.tags,
    custom_fields: values.customFields,
    email_opt_in: values.emailOptIn,
    sms_opt_in: values.smsOptIn,
    locale: values.locale,
    email_changed: values.emailOptIn !== null,
    sms_changed: values.smsOptIn !== null,
    opt_token: newOptToken(),
  };
}

/** The existing contact with the row's non-blank values laid over it; null when nothing changes. */
function mergeInto(c: ExistingContact, v: RowValues, locationId: number | null): ContactWrite | null {
  // An import never turns an opt-out back into an opt-in: only the contact can do that.
  const emailOpt = v.emailOptIn === null || (c.email_opt_in === false && v.emailOptIn) ? c.email_opt_in : v.emailOptIn;
  const smsOpt = v.smsOptIn === null || (c.sms_opt_in === false && v.smsOptIn) ? c.sms_opt_in : v.smsOptIn;
  const tags = [...c.tags, ...v.tags.filter((t) => !c.tags.includes(t))];
  const custom = { ...(c.custom_fields ?? {}), ...v.customFields };
  const next: ContactWrite = {
    id: c.id,
    first_name: v.firstName ?? c.first_name,
    last_name: v.lastName ?? c.last_name,
    email: v.email ?? c.email,
    phone: v.phone ?? c.phone,
    gender: v.gender ?? c.gender,
    type: v.type ?? c.type,
    location_id: v.locationName ? locationId : (c.location_id ?? locationId),
    tags,
    custom_fields: custom,
    email_opt_in: emailOpt,
    sms_opt_in: smsOpt,
    locale: v.locale ?? c.locale,
    email_changed: emailOpt !== c.email_opt_in,
    sms_changed: smsOpt !== c.sms_opt_in,
  };
  const same =
    next.first_name === c.first_name &&
    next.last_name === c.last_name &&
    next.email === c.email &&
    next.phone === c.phone &&
    next.gender === c.gender &&
    next.type === c.type &&
    next.location_id === c.location_id &&
    next.locale === c.locale &&
    tags.length === c.tags.length &&
    stableJson(custom) === stableJson(c.custom_fields ?? {}) &&
    !next.email_changed &&
    !next.sms_changed;
  return same ? null : next;
}

/** The channels a row would opt back in although the contact opted out (mergeInto keeps the opt-out). */
function optOutsKept(c: ExistingContact, v: RowValues): ('email' | 'sms')[] {
  const kept: ('email' | 'sms')[] = [];
  if (c.email_opt_in === false && v.emailOptIn === true) kept.push('email');
  if (c.sms_opt_in === false && v.smsOptIn === true) kept.push('sms');
  return kept;
}

function stableJson(value: Record<string, string>): string {
  return JSON.stringify(Object.keys(value).sort().map((k) => [k, value[k]]));
}
