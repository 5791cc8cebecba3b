import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { formatDateTime } from '@/lib/time/format';
import { contactsWhere } from '../filters';
import { NEWEST_FIRST } from '../list-contacts';
import { joinTags, SHEET_HEADERS } from '../import/columns';
import { needsGuard } from '../import/cell-guard';
import { listFieldKeys } from '../save-contact';
import type { ListFilters } from '../schema';
import { contactColumns, type ContactRow } from '@/lib/contacts/record';

const BATCH = 5000;

/** The export's header row (the user's language, re-importable) and the custom-field keys after it. */
export async function exportHeaders(ctx: ServiceContext): Promise<{ headers: string[]; customKeys: string[] }> {
  const h = SHEET_HEADERS[ctx.locale];
  const customKeys = await listFieldKeys(ctx);
  return {
    headers: [h.lastName, h.firstName, h.email, h.phone, h.gender, h.location, h.type, h.tags, h.emailOptIn, h.smsOptIn, h.locale, h.lastActivity, h.createdAt, ...customKeys],
    customKeys,
  };
}

/**
 * The filtered contacts as spreadsheet rows, newest first, read in keyset batches (any size list).
 * The cursor is the boundary row's created_at as PostgreSQL's text, microseconds and all: as a
 * Date (milliseconds) it skipped the rest of the boundary's millisecond (rows stamped by the
 * database's now(): inbound leads, SQL loads).
 */
export async function* exportRows(ctx: ServiceContext, filters: ListFilters, customKeys: string[], batch = BATCH): AsyncGenerator<string[][]> {
  const t = translatorFor(ctx.locale);
  const where = contactsWhere(ctx.merchantId, filters, ctx.now());
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const rows: { c: ContactRow; locationName: string | null; createdAt: string }[] = await ctx.db
      .select({ c: contactColumns, locationName: locations.name, createdAt: sql<string>`${contacts.createdAt}::text` })
      .from(contacts)
      .leftJoin(locations, eq(locations.id, contacts.locationId))
      .where(and(where, after ? olderThan(after) : undefined))
      .orderBy(...NEWEST_FIRST)
      .limit(batch);
    if (!rows.length) return;
    yield rows.map(({ c, locationName }) => [
      c.lastName,
      c.firstName,
      c.email ?? '',
      c.phone ?? '',
      c.gender === 'unknown' ? '' : t(`contacts.gender.${c.gender}`),
      locationName ?? '',
      t(`contacts.type.${c.type}`),
      joinTags(c.tags),
      optWord(t, c.emailOptIn),
      optWord(t, c.smsOptIn),
      c.locale ?? '',
      c.lastActivityAt ? formatDateTime(c.lastActivityAt, ctx.locale) : '',
      formatDateTime(c.createdAt, ctx.locale),
      ...customKeys.map((k) => c.customFields?.[k] ?? ''),
    ]);
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.c.id };
    if (rows.length < batch) return;
  }
}

/** After the cursor in NEWEST_FIRST order (contacts_merchant_created_idx walks it). */
function olderThan(after: { createdAt: string; id: number }): SQL | undefined {
  const at = sql`${after.createdAt}::timestamptz`;
  return or(sql`${contacts.createdAt} < ${at}`, and(sql`${contacts.createdAt} = ${at}`, lt(contacts.id, after.id)));
}

function optWord(t: (k: string) => string, value: boolean | null): string {
  if (value === null) return '';
  return t(value ? 'contacts.opt.in' : 'contacts.opt.out');
}

/** A cell a spreadsheet would read as a formula (= + - @, tab, CR) is kept as text with a leading '. */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A contact export's CSV cell: formula-like text, digits a spreadsheet would read as a changed
 * number, and a value already starting with ' get a leading ' (../import/cell-guard.ts), which the
 * spreadsheet, or the import, drops again.
 */
export function csvCell(value: string): string {
  return needsGuard(value) ? `'${value}` : value;
}

/**
 * A contact export's .xlsx cell. Every cell is written as text, which Excel never runs as a
 * formula nor reads as a number, so nothing is guarded (an apostrophe would show as part of the
 * value) except a value starting with ' that the import would otherwise shorten. Excel's escape
 * `_xHHHH_` is escaped in turn (`_x005F_` is a literal underscore): the text `_x000D_` came back
 * as a carriage return.
 */
export function xlsxCell(value: string): string {
  const kept = value.startsWith("'") && needsGuard(value.slice(1)) ? `'${value}` : value;
  return kept.includes('_x') ? kept.replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_') : kept;
}
