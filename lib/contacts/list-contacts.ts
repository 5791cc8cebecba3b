import { count, eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { contactColumns, toContactRecord, type ContactRecord } from './record';
import { contactsWhere, filterShape, indexedKeyword, placeholderValues } from './filters';
import { boundedCache, perDatabase } from '@/lib/db/prepared';
import { EXACT_COUNT_LIMIT, type ListQuery } from './schema';
import { cachedEstimate, estimateKey, rememberEstimate } from './estimate-cache';

// Each order is exactly its index's (drizzle writes index columns `DESC NULLS LAST`; a plain `desc`
// means nulls first and made PostgreSQL sort instead of walking the index).
interface OrderColumns {
  id: AnyColumn;
  createdAt: AnyColumn;
  lastActivityAt: AnyColumn;
}
const newestFirst = (c: OrderColumns) => [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`];
const recentlyActiveFirst = (c: OrderColumns) => [sql`${c.lastActivityAt} desc nulls last`, sql`${c.id} desc nulls last`];

export const NEWEST_FIRST = newestFirst(contacts);

/** Most recently active first, never-active last: contacts_merchant_activity_idx (migration 0011). */
export const RECENTLY_ACTIVE_FIRST = recentlyActiveFirst(contacts);

/**
 * The list's order: newest first, except under a last-activity range ("active in 30 days",
 * "inactive over 90 days"), which lists the most recently active first. A merchant filtering by
 * activity reads that column; and no index can walk a moving time window in creation order, so a
 * deep page of 75,000 matches had to sort them all (45-52 ms at 1,000,000 contacts, idle) where
 * the activity index walks straight to it (bench/RESULTS.md). `columns`: of a subquery of contacts.
 */
export function listOrder(filters: Pick<ListQuery, 'activity'>, columns: OrderColumns = contacts): SQL[] {
  return filters.activity && filters.activity !== 'never' ? recentlyActiveFirst(columns) : newestFirst(columns);
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
  const key = estimateKey(ctx.merchantId, query);
  const estimate = cachedEstimate(key, ctx.now().getTime());
  const countWith = (total: PreparedTotal) =>
    countContacts(ctx, query, total.execute(values)).then((total) => {
      if (!total.totalExact) rememberEstimate(key, total.total, ctx.now().getTime());
      return total;
    });
  const prepared = (strategy: PageStrategy) =>
    // The shape also fixes the order (listOrder reads the activity filter).
    preparedListQueries(ctx.db).get(`${filterShape(query)}|${strategy}`, () => {
      const statements = contactListStatements(ctx, query, where, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }, strategy);
      // A keyword's best plan depends on the keyword (a rare name: the search index; one that most
      // contacts match: the order index), so its statements run unnamed, planned with their values
      // each time: a named statement's generic plan, made without them, serves only one of the two.
      const name = (n: string) => (query.keyword ? (undefined as unknown as string) : n);
      return { page: statements.page.prepare(name('contacts_page')), total: statements.total.prepare(name('contacts_total')) };
    });
  let total: { total: number; totalExact: boolean };
  let rows: Awaited<ReturnType<PreparedPage['execute']>>;
  if (countFirst(query) && estimate === null) {
    // The count decides the page's plan (pageStrategy), so it runs first.
    total = await countWith(prepared('walk').total);
    rows = await prepared(pageStrategy(query, total)).page.execute(values);
  } else {
    const statements = prepared('walk');
    const counted = estimate === null ? countWith(statements.total) : { total: estimate, totalExact: false };
    [rows, total] = await Promise.all([statements.page.execute(values), counted]);
  }
  return { ...total, pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map((r) => toContactRecord(r.contact, r.locationName)) };
}

/**
 * How the page finds its ids: `walk` the list's order index, checking each contact until the page
 * is reached (the planner's choice for a keyword most contacts match), or `sort` every match, found
 * through the search indexes. The planner picks between the two by its estimate of the matches,
 * and for a keyword combined with another filter it multiplies the two as if unrelated: "ichae" +
 * tag VIP was estimated at 902 contacts, matched none, and the walk read all 1,000,000 (0.5 s;
 * bench/RESULTS.md). So there the capped count runs first, and up to SORTED_MATCHES_MAX matches are
 * sorted (a few ms, bounded); more are left to the planner, whose walk then finds its page soon
 * ("王" + active in 30 days, 2,138 matches: the walk serves the first page in 1 ms, sorting them
 * would cost 70). The planner's estimate goes badly wrong where the real matches are few.
 */
export type PageStrategy = 'walk' | 'sort';

/** Matches few enough to read and sort for a page whatever the planner expects. */
const SORTED_MATCHES_MAX = 1_000;

/** An indexed keyword with another filter: the planner's estimate is unreliable, so the count comes first. */
function countFirst(query: ListQuery): boolean {
  if (!query.keyword || !indexedKeyword(query.keyword)) return false;
  return Boolean(query.locationId || query.type || query.tag || query.activity || query.emailOpt || query.smsOpt || query.preference);
}

export function pageStrategy(query: ListQuery, total: { total: number; totalExact: boolean }): PageStrategy {
  return countFirst(query) && total.totalExact && total.total <= SORTED_MATCHES_MAX ? 'sort' : 'walk';
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
  const where = contactsWhere(ctx.merchantId, filters, ctx.now(), undefined, true);
  const plan = await ctx.db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${ctx.db.select({ one: sql`1` }).from(contacts).where(where).getSQL()}`);
  const json = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0)), totalExact: false };
}

/** The two statements of a list page, with its values inline (the benchmark explains exactly these). */
export function contactListQueries(ctx: ServiceContext, query: ListQuery, strategy: PageStrategy = 'walk') {
  const where = contactsWhere(ctx.merchantId, query, ctx.now());
  return { ...contactListStatements(ctx, query, where, { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }, strategy), where };
}

// drizzle leaves out `offset 0` given as the number (falsy); as SQL it stays, and keeps the subquery apart.
const OFFSET_ZERO = sql`0` as unknown as number;

function contactListStatements(ctx: ServiceContext, query: ListQuery, where: SQL, page: { limit: number | Placeholder; offset: number | Placeholder }, strategy: PageStrategy) {
  // walk: the order is an index's own (see NEWEST_FIRST), so PostgreSQL walks it without sorting.
  // sort: the matches come from a subquery planned alone (OFFSET 0 keeps it apart), for all its
  // rows, hence through the search indexes; then they are sorted.
  const matches = ctx.db.select({ id: contacts.id, createdAt: contacts.createdAt, lastActivityAt: contacts.lastActivityAt }).from(contacts).where(where).offset(OFFSET_ZERO).as('matches');
  const pageIds =
    strategy === 'walk'
      ? ctx.db.select({ id: contacts.id }).from(contacts).where(where).orderBy(...listOrder(query)).limit(page.limit).offset(page.offset)
      : ctx.db
          .select({ id: matches.id })
          .from(matches)
          .orderBy(...listOrder(query, matches))
          .limit(page.limit)
          .offset(page.offset);
  return {
    page: ctx.db
      .select({ contact: contactColumns, locationName: locations.name })
      .from(contacts)
      .leftJoin(locations, eq(locations.id, contacts.locationId))
      .where(inArray(contacts.id, pageIds))
      .orderBy(...listOrder(query)),
    total: ctx.db.select({ n: count() }).from(cappedMatches(ctx, query, where).as('capped')),
  };
}

/**
 * The first EXACT_COUNT_LIMIT + 1 matches, to count. Without a keyword they are taken in an order
 * index's order, so the count walks that index (under a tag filter, the one of tagged contacts
 * only: "customers tagged VIP" in 3 ms instead of 25 at 1,000,000 contacts): left free, the
 * planner costed a sequential scan cheaper for "type + tag" (a table not in shared buffers: 53 ms)
 * than the covering index's walk (26 ms). Any activity filter walks the activity index ("never
 * active" included: its contacts sit together at that index's end, 1 ms; 8 ms in creation order).
 * A keyword's matches come from the search indexes in any order.
 */
function cappedMatches(ctx: ServiceContext, query: ListQuery, where: SQL) {
  const matches = ctx.db.select({ one: sql`1` }).from(contacts).where(where).$dynamic();
  if (query.keyword) return matches.limit(EXACT_COUNT_LIMIT + 1);
  return matches.orderBy(...(query.activity ? RECENTLY_ACTIVE_FIRST : NEWEST_FIRST)).limit(EXACT_COUNT_LIMIT + 1);
}
