import { sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { locationOptions } from '@/lib/locations/options';
import { requireOwnLocation } from '@/lib/locations/own-location';
import type { ImportField, ImportMapping } from '../schema';
import { hasUndecodable, parseSpreadsheet, streamContactSheet, type SheetRow } from './parse-file';
import { SheetOrderError } from '@/lib/spreadsheet/sheet-builder';
import { wholeAsStream, type SpreadsheetStream } from '@/lib/spreadsheet/read-spreadsheet';
import { columnLabel, customColumnsProblem, readRow, type RowNote, type RowValues } from './row-values';
import { unguardCell } from './cell-guard';
import { echoBudget, echoText } from '@/lib/spreadsheet/echo';
import { createImportPlanner, type ExistingContact, type ImportConflict } from './plan-import';
import { CONFLICTS_LISTED } from '../limits';
import { writeFieldDefinitions, writeImport } from './write-import';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';
import { supportedRegion } from '@/lib/phone/read';
import { phoneRegion } from '@/lib/phone/region';
import type { PhoneProblem } from '@/lib/phone/problem';
import { readRowPhone } from './row-phone';
import { startContactsImportTimer } from '@/lib/observability/metrics';
import { turnPacer } from '@/lib/spreadsheet/event-loop';

/** A row of the rejected-rows file: refused, or imported without a cell it had (`imported`). */
export interface RejectedRow {
  row: number;
  reason: string;
  cells: string[];
  imported: boolean;
}

export interface ImportSummary {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Rows imported by their e-mail with the phone left out (also listed in `rejected`). */
  withoutPhone: number;
  /**
   * Rows imported without one or more of their cells: the phone (withoutPhone), or a gender, type
   * or consent the import could not read (the contact keeps what it had). The `imported: true`
   * rows of `rejected`, each with its reasons.
   */
  withNotes: number;
  /** Rows in conflict with the contacts (each resolved by its choice: skipped ones are also in `rejected`). */
  conflicts: number;
  /** The first CONFLICTS_LISTED conflicts, each with the contact it concerns and the choice applied. */
  conflictList: ImportConflict[];
  /** Whether this was the check before the import (nothing written) or the import itself. */
  dryRun: boolean;
  headers: string[];
  rejected: RejectedRow[];
}

interface Candidate {
  row: SheetRow;
  values: RowValues;
  locationId: number | null;
}

/** Rows read, looked up, planned and written together (bench/RESULTS.md: 1,000-10,000 measured). */
const CHUNK_ROWS = 5_000;
/**
 * A chunk also ends once its rows' cells reach this many characters: a sheet whose every row
 * refers to long shared strings (30 custom fields of 500 characters) made one chunk's statement
 * 75 MB of JSON, built in one synchronous stretch.
 */
const CHUNK_CHARS = 4_000_000;
/** Rows read at a time; the event loop turns whenever reading has held it ROWS_TURN_MS (./event-loop). */
const READ_SLICE = 25;

interface ImportOptions {
  /** For tests: the summary and the contacts written are the same whatever it is. */
  chunkRows?: number;
  /**
   * The check before the import: every row read, looked up and planned exactly as the import
   * does, nothing written. Its counts are the import's, as long as the contacts do not change meanwhile.
   */
  dryRun?: boolean;
}

/**
 * Step 3 of the import: every row merges into the merchant's contacts by e-mail or phone (never a
 * duplicate), in one transaction, so a failure leaves the list exactly as it was. The file is read
 * as it is written (an .xlsx a megabyte at a time); a sheet that turns out to need reading whole
 * (rows out of order) rolls back and is imported again from the whole sheet.
 */
export async function commitImport(ctx: ServiceContext, file: { name: string; bytes: Uint8Array }, mapping: ImportMapping, options: ImportOptions = {}): Promise<ImportSummary> {
  const importEnded = startContactsImportTimer();
  let summary: ImportSummary;
  try {
    summary = await importSheet(ctx, await streamContactSheet(file.name, file.bytes, { encoding: mapping.encoding }), mapping, options);
  } catch (error) {
    if (!(error instanceof SheetOrderError)) throw error;
    summary = await importSheet(ctx, wholeAsStream(await parseSpreadsheet(file.name, file.bytes, { encoding: mapping.encoding })), mapping, options);
  }
  importEnded();
  return summary;
}

/** The import's check: commitImport with nothing written (its counts and conflicts, before the merchant commits). */
export function checkImport(ctx: ServiceContext, file: { name: string; bytes: Uint8Array }, mapping: ImportMapping): Promise<ImportSummary> {
  return commitImport(ctx, file, mapping, { dryRun: true });
}

async function importSheet(ctx: ServiceContext, sheet: SpreadsheetStream, mapping: ImportMapping, { chunkRows = CHUNK_ROWS, dryRun = false }: ImportOptions): Promise<ImportSummary> {
  // A custom column's header is its key: the ' our CSV export put before it is dropped, as in the cells.
  const headers = sheet.headers.map(unguardCell);
  const columns = headers.map((_, i) => mapping.columns[i] ?? 'ignore');
  if (!columns.includes('email') && !columns.includes('phone')) {
    throw new AppError('VALIDATION', 'contacts.import.errors.needEmailOrPhoneColumn');
  }
  const customProblem = customColumnsProblem(columns, headers);
  if (customProblem) throw new AppError('VALIDATION', customProblem.key, { values: customProblem.values });
  if (mapping.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, mapping.locationId, { field: 'locationId' });
  const t = translatorFor(ctx.locale);
  const locationsNamed = await locationsByName(ctx);
  const merchantRegion = await phoneRegion(ctx.db, ctx.merchantId);
  const countryOf = new Map([...locationsNamed.folded.values()].flat().map((l) => [l.id, l.country]));
  const columnOf = (field: ImportField) => columnLabel(headers, columns.lastIndexOf(field));
  const rejected: RejectedRow[] = [];
  // The rejected rows' cells are echoed within one budget (lib/spreadsheet/echo.ts).
  const echo = echoBudget();
  const cellsOf = (row: SheetRow) => echo(headers.map((_, i) => row.cells[i] ?? ''));
  const reject = (row: SheetRow, reason: string, values?: Record<string, string | number>) =>
    rejected.push({ row: row.rowNumber, reason: t(reason, values), cells: cellsOf(row), imported: false });
  const rejectPhone = (row: SheetRow, problem: PhoneProblem) => rejected.push({ row: row.rowNumber, reason: t(problem.key, problem.values), cells: cellsOf(row), imported: false });

  // Rows imported without some of their cells: the phone (by its e-mail), an unread gender, type,
  // consent or language, a location several share, an opt-in over an opt-out.
  const leftOut = new Map<SheetRow, { phone: PhoneProblem | null; notes: RowNote[] }>();
  const noteOf = (row: SheetRow): RowNote[] => {
    let entry = leftOut.get(row);
    if (!entry) leftOut.set(row, (entry = { phone: null, notes: [] }));
    return entry.notes;
  };
  // Only a CSV's or vCard's decoded text can hold a character read wrong (an Excel file says its own text).
  const decodedText = sheet.encoding !== null;
  // Reads a chunk's rows: refusals go to `rejected`, the rest are the chunk's candidates.
  const readCandidates = (rows: SheetRow[]): Candidate[] => {
    const candidates: Candidate[] = [];
    for (const row of rows) {
      // A character the text encoding could not read would be stored as "�": the row waits for the right encoding.
      if (decodedText && hasUndecodable(row.cells)) {
        reject(row, 'contacts.import.reasons.undecodable', { encoding: sheet.encoding ?? '' });
        continue;
      }
      const result = readRow(row.cells, columns, headers, ctx.locale);
      if (!result.ok) {
        reject(row, result.reason, result.values);
        continue;
      }
      let locationId = mapping.locationId ?? null;
      let country = locationId ? countryOf.get(locationId) : null;
      if (result.values.locationName) {
        const named = findLocations(locationsNamed, result.values.locationName);
        if (!named.length) {
          reject(row, 'contacts.import.reasons.unknownLocation', { name: echoText(result.values.locationName, 40) });
          continue;
        }
        if (named.length === 1) {
          locationId = named[0].id;
          country = named[0].country;
        } else {
          // Several locations have this name: which one is meant cannot be told, so the row is
          // imported as if its location cell were blank (an existing contact keeps its location).
          result.notes.push({ key: 'contacts.import.reasons.locationAmbiguous', values: { column: columnOf('location'), value: echoText(result.values.locationName, 40), count: named.length } });
          result.values.locationName = null;
          const countries = new Set(named.map((l) => l.country));
          if (countries.size === 1) country = named[0].country;
        }
      }
      const region = supportedRegion(country) ?? merchantRegion;
      const phone = readRowPhone(result.phoneCell, !!result.values.email, region, ctx.locale);
      if (!phone.ok) {
        rejectPhone(row, phone.problem);
        continue;
      }
      if (phone.leftOut || result.notes.length) leftOut.set(row, { phone: phone.leftOut, notes: result.notes });
      candidates.push({ row, values: { ...result.values, phone: phone.phone }, locationId });
    }
    return candidates;
  };

  return ctx.db.transaction(async (tx) => {
    // Before the first lookup: a contact created meanwhile elsewhere (another import, an add)
    // waits for this import, or this one for it, and the lookups see it.
    await lockMerchantContacts(tx, ctx.merchantId);
    const planner = createImportPlanner({ byRow: new Map((mapping.conflicts ?? []).map((c) => [c.row, c.choice])), otherwise: mapping.conflictChoice ?? 'skip' });
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const conflictList: ImportConflict[] = [];
    let conflicts = 0;
    const refused = new Set<SheetRow>();
    const fieldKeys = new Set<string>();
    // Chunk by chunk, in file order: while PostgreSQL writes one chunk, Node reads the next one's
    // cells and phones (bench/RESULTS.md, issue 22 point 4). Every chunk is in this transaction:
    // a failure anywhere leaves the list exactly as it was.
    let writing: Promise<void> = Promise.resolve();
    const rows = takeRows(sheet.batches);
    let total = 0;
    const pace = turnPacer();
    for (;;) {
      const candidates: Candidate[] = [];
      let taken = 0;
      let chars = 0;
      while (taken < chunkRows && chars < CHUNK_CHARS) {
        const slice = rows.take(Math.min(READ_SLICE, chunkRows - taken));
        if (!slice.length) break;
        taken += slice.length;
        for (const row of slice) for (const cell of row.cells) chars += cell.length;
        candidates.push(...readCandidates(slice));
        // The event loop turns every few milliseconds: other requests are served, and the
        // statement being written (a megabyte of JSON for a chunk) only reaches PostgreSQL as
        // Node hands the socket more of it.
        await pace();
      }
      if (!taken) break;
      total += taken;
      await writing;
      const plan = planner.plan(candidates, await existingContacts(tx, ctx.merchantId, candidates));
      for (const r of plan.rejected) {
        reject(r.row, r.reason, r.values);
        refused.add(r.row);
      }
      for (const { row, conflict } of plan.conflicts) {
        conflicts++;
        if (conflictList.length < CONFLICTS_LISTED) conflictList.push(conflict);
        if (conflict.choice === 'skip') {
          reject(row, `contacts.import.reasons.conflict.${conflict.kind}`, { contact: echoText(conflict.contact.name || conflict.contact.email || conflict.contact.phone || '', 40) });
          refused.add(row);
        }
      }
      for (const { row, key } of plan.keysLeftOut) noteOf(row).push({ key: `contacts.import.reasons.${key}HeldByOther`, values: { column: columnOf(key) } });
      for (const { row, channel } of plan.optOutsKept) {
        const column = columnOf(channel === 'email' ? 'emailOptIn' : 'smsOptIn');
        noteOf(row).push({ key: `contacts.import.reasons.${channel}OptOutKept`, values: { column } });
      }
      counts.created += plan.inserts.length;
      counts.updated += plan.updates.length;
      counts.unchanged += plan.unchanged;
      for (const w of [...plan.inserts, ...plan.updates]) for (const k of Object.keys(w.custom_fields)) fieldKeys.add(k);
      if (!dryRun) writing = writeImport(tx, ctx, plan);
      // Handled when awaited (next chunk, or the end); meanwhile a failure must not count as unhandled.
      writing.catch(() => {});
    }
    await writing;
    if (!dryRun) await writeFieldDefinitions(tx, ctx, [...fieldKeys]);
    const skipped = rejected.length;
    // Rows imported without some of their cells go in the rejected-rows file too, saying what was left out.
    let withoutPhone = 0;
    const separator = t('contacts.import.reasons.separator');
    for (const [row, { phone, notes }] of leftOut) {
      if (refused.has(row)) continue;
      const reasons = notes.map((n) => t(n.key, n.values));
      if (phone) {
        withoutPhone++;
        reasons.unshift(t('contacts.import.reasons.phoneLeftOut', { problem: t(phone.key, phone.values) }));
      }
      rejected.push({ row: row.rowNumber, reason: reasons.join(separator), cells: cellsOf(row), imported: true });
    }
    rejected.sort((a, b) => a.row - b.row);
    return {
      total,
      ...counts,
      skipped,
      withoutPhone,
      withNotes: rejected.length - skipped,
      conflicts,
      conflictList,
      dryRun,
      headers: headers.map((h) => echoText(h)),
      rejected,
    };
  });
}

/** Up to `count` rows at a time from the sheet's batches (a batch is read when the last is used up). */
function takeRows(batches: Iterator<SheetRow[], void, void>): { take(count: number): SheetRow[] } {
  let batch: SheetRow[] = [];
  let at = 0;
  return {
    take(count) {
      while (at >= batch.length) {
        const next = batches.next();
        if (next.done) return [];
        batch = next.value;
        at = 0;
      }
      const rows = batch.slice(at, at + count);
      at += rows.length;
      return rows;
    },
  };
}

/** The merchant's contacts with a chunk's e-mails or phones, as they are now. */
async function existingContacts(tx: Pick<ServiceContext['db'], 'execute'>, merchantId: number, candidates: Candidate[]): Promise<ExistingContact[]> {
  const emails = candidates.map((c) => c.values.email).filter((e): e is string => !!e);
  const phones = candidates.map((c) => c.values.phone).filter((p): p is string => !!p);
  if (!emails.length && !phones.length) return [];
  const rows = await tx.execute<ExistingContact>(
    sql`select id, first_name, last_name, email, phone, gender, type, location_id, tags, custom_fields, email_opt_in, sms_opt_in, locale
        from contacts
        where merchant_id = ${merchantId}
          and (email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
            or phone in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb)))`,
  );
  return [...rows];
}

interface NamedLocation {
  id: number;
  country: string;
}

/** The merchant's locations by name as written and by lower-cased name (several locations may share one). */
interface LocationNames {
  exact: Map<string, NamedLocation[]>;
  folded: Map<string, NamedLocation[]>;
}

async function locationsByName(ctx: ServiceContext): Promise<LocationNames> {
  const names: LocationNames = { exact: new Map(), folded: new Map() };
  const add = (map: Map<string, NamedLocation[]>, key: string, l: NamedLocation) => map.set(key, [...(map.get(key) ?? []), l]);
  for (const r of await locationOptions(ctx)) {
    add(names.exact, r.name.trim(), { id: r.id, country: r.country });
    add(names.folded, r.name.trim().toLowerCase(), { id: r.id, country: r.country });
  }
  return names;
}

/** The locations a cell names: those named exactly so, else those named so in another case. */
function findLocations(names: LocationNames, name: string): NamedLocation[] {
  return names.exact.get(name.trim()) ?? names.folded.get(name.trim().toLowerCase()) ?? [];
}
