import { count, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { toContactRecord, type ContactRecord } from './record';
import { contactsWhere, filterShape, placeholderValues } from './filters';
import { boundedCache, perDatabase } from '@/lib/db/prepared';
import { EXACT_COUNT_LIMIT, type ListQuery } from './schema';
import { cachedEstimate, estimateKey, rememberEstimate } from './estimate-cache';

// Each order is exactly its index's (drizzle writes index columns `DESC NULLS LAST`; a plain `desc`
// means nulls first and made PostgreSQL sort instead of walking the index).
export const NEWEST_FIRST = [sql`${contacts.createdAt} desc nulls last`, sql`${contacts.id} desc nulls last`];

/** Most recently active first, never-active last: contacts_merchant_activity_idx (migration 0011). */
export const RECENTLY_ACTIVE_FIRST = [sql`${contacts.lastActivityAt} desc nulls last`, sql`${contacts.id} desc nulls last`];

/**
 * The list's order: newest first, except under a last-activity range ("active in 30 days",
 * "inactive over 90 days"), which lists the most recently active first. A merchant filtering by
 * activity reads that column; and no index can walk a moving time window in creation order, so a
 * deep page of 75,000 matches had to sort them all (45-52 ms at 1,000,000 contacts, idle) where
 * the activity index walks straight to it (bench/RESULTS.md).
 */
export function listOrder(filters: Pick<ListQuery, 'activity'>): SQL[] {
  return filters.activity && filters.activity !== 'never' ? RECENTLY_ACTIVE_FIRST : NEWEST_FIRST;
}

export interface ContactPage {
  total: number;
  /** false: `total` is an estimate (more than EXACT_COUNT_LIMIT matches). */
  totalExact: boolean;
  pageNum: number;
  pageSize: number;
  records: ContactRecord[];
}

/**
 * One page of the merchant's contacts, in `listOrder`, with the filters' total. The page's ids are
 * found first (an index-only walk that skips the offset without touching the table), then only
 * those rows are read: a deep page costs little more than the first (bench/RESULTS.md).
 *
 * Both statements are prepared once per filter shape (`filterShape`): building them with drizzle
 * cost more CPU than running them under load (bench/RESULTS.md, issue 11).
 */
export async function listContacts(ctx: ServiceContext, query: ListQuery): Promise<ContactPage> {
  // A filter no index orders sorts its matches in the connections' work_mem (db/client.ts).
  const values: Record<string, unknown> = { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize };
  const where = contactsWhere(ctx.merchantId, query, ctx.now(), placeholderValues(values));
  // The shape also fixes the order (listOrder reads the activity filter).
  const prepared = preparedListQueries(ctx.db).get(filterShape(query), () => {
    const statements = contactListStatements(ctx, query, where, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') });
    // A keyword's best plan depends on the keyword (a rare name: the search index; one that most
    // contacts match: the order index), so its statements run unnamed, planned with their values
    // each time: a named statement's generic plan, made without them, serves only one of the two.
    const name = (n: string) => (query.keyword ? (undefined as unknown as string) : n);
    return { page: statements.page.prepare(name('contacts_page')), total: statements.total.prepare(name('contacts_total')) };
  });
  const key = estimateKey(ctx.merchantId, query);
  const estimate = cachedEstimate(key, ctx.now().getTime());
  const counted =
    estimate === null
      ? countContacts(ctx, query, prepared.total.execute(values)).then((total) => {
          if (!total.totalExact) rememberEstimate(key, total.total, ctx.now().getTime());
          return total;
        })
      : { total: estimate, totalExact: false };
  const [rows, total] = await Promise.all([prepared.page.execute(values), counted]);
  return { ...total, pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map((r) => toContactRecord(r.contact, r.locationName)) };
}

// Prepared list statements per database, by filter shape and order (a few hundred shapes at most).
const preparedListQueries = perDatabase(() => boundedCache<{ page: PreparedPage; total: PreparedTotal }>(256));

type ListStatements = ReturnType<typeof contactListStatements>;
type PreparedPage = ReturnType<ListStatements['page']['prepare']>;
type PreparedTotal = ReturnType<ListStatements['total']['prepare']>;

/**
 * The filters' total. Counting 600,000 matches costs far more than the page itself, so an exact
 * count stops at EXACT_COUNT_LIMIT (an index-only walk of at most that many entries) and a larger
 * set answers PostgreSQL's own row estimate, marked `totalExact: false` ("about 600,000").
 */
export async function countContacts(ctx: ServiceContext, filters: ListQuery, capped: PromiseLike<{ n: number }[]>): Promise<{ total: number; totalExact: boolean }> {
  const [{ n }] = await capped;
  if (Number(n) <= EXACT_COUNT_LIMIT) return { total: Number(n), totalExact: true };
  const where = contactsWhere(ctx.merchantId, filters, ctx.now());
  const plan = await ctx.db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${ctx.db.select({ one: sql`1` }).from(contacts).where(where).getSQL()}`);
  const json = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0)), totalExact: false };
}

/** The two statements of a list page, with its values inline (the benchmark explains exactly these). */
export function contactListQueries(ctx: ServiceContext, query: ListQuery) {
  const where = contactsWhere(ctx.merchantId, query, ctx.now());
  return { ...contactListStatements(ctx, query, where, { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }), where };
}

function contactListStatements(ctx: ServiceContext, query: ListQuery, where: SQL, page: { limit: number | Placeholder; offset: number | Placeholder }) {
  // The order is an index's own (see NEWEST_FIRST), so PostgreSQL walks it without sorting.
  const pageIds = ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(...listOrder(query))
    .limit(page.limit)
    .offset(page.offset);
  return {
    page: ctx.db
      .select({ contact: contacts, locationName: locations.name })
      .from(contacts)
      .leftJoin(locations, eq(locations.id, contacts.locationId))
      .where(inArray(contacts.id, pageIds))
      .orderBy(...listOrder(query)),
    total: ctx.db.select({ n: count() }).from(ctx.db.select({ one: sql`1` }).from(contacts).where(where).limit(EXACT_COUNT_LIMIT + 1).as('capped')),
  };
}
