import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { toContactDto, type ContactDto } from './contact-dto';
import { contactsWhere } from './filters';
import { EXACT_COUNT_LIMIT, type ListQuery } from './schema';
import { sqlRows } from '@/lib/db/rows';

/**
 * Sort memory of the page statement. A filter no index orders (last activity, keyword) sorts its
 * matches: 75,000 of them need ~6.5 MB, and the default 4 MB spilled to disk (page 2,500 of
 * "active in 30 days": external merge, bench/RESULTS.md). Set for that statement's transaction only.
 */
export const LIST_WORK_MEM = '16MB';

export const NEWEST_FIRST = [sql`${contacts.createdAt} desc nulls last`, sql`${contacts.id} desc nulls last`];

export interface ContactPage {
  total: number;
  /** false: `total` is an estimate (more than EXACT_COUNT_LIMIT matches). */
  totalExact: boolean;
  pageNum: number;
  pageSize: number;
  records: ContactDto[];
}

/**
 * One page of the merchant's contacts, newest first, with the filters' total. The page's ids are
 * found first (an index-only walk that skips the offset without touching the table), then only
 * those rows are read: a deep page costs little more than the first (bench/RESULTS.md).
 */
export async function listContacts(ctx: ServiceContext, query: ListQuery): Promise<ContactPage> {
  const q = contactListQueries(ctx, query);
  const page = ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${LIST_WORK_MEM}'`));
    return contactListQueries({ ...ctx, db: tx }, query).page;
  });
  const [rows, total] = await Promise.all([page, countContacts(ctx, q.where, q.total)]);
  return { ...total, pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map((r) => toContactDto(r.contact, r.locationName)) };
}


/**
 * The filters' total. Counting 600,000 matches costs far more than the page itself, so an exact
 * count stops at EXACT_COUNT_LIMIT (an index-only walk of at most that many entries) and a larger
 * set answers PostgreSQL's own row estimate, marked `totalExact: false` ("about 600,000").
 */
export async function countContacts(ctx: ServiceContext, where: SQL, capped: PromiseLike<{ n: number }[]>): Promise<{ total: number; totalExact: boolean }> {
  const [{ n }] = await capped;
  if (Number(n) <= EXACT_COUNT_LIMIT) return { total: Number(n), totalExact: true };
  const plan = await sqlRows<{ 'QUERY PLAN': unknown }>(ctx.db, sql`explain (format json) ${ctx.db.select({ one: sql`1` }).from(contacts).where(where).getSQL()}`);
  const json = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0)), totalExact: false };
}

/** The two statements of a list page (the benchmark explains exactly these). */
export function contactListQueries(ctx: ServiceContext, query: ListQuery) {
  const where = contactsWhere(ctx.merchantId, query, ctx.now());
  // "nulls last" spells out the indexes' order exactly, so PostgreSQL walks them without sorting.
  const pageIds = ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    page: ctx.db
      .select({ contact: contacts, locationName: locations.name })
      .from(contacts)
      .leftJoin(locations, eq(locations.id, contacts.locationId))
      .where(inArray(contacts.id, pageIds))
      .orderBy(...NEWEST_FIRST),
    total: ctx.db.select({ n: count() }).from(ctx.db.select({ one: sql`1` }).from(contacts).where(where).limit(EXACT_COUNT_LIMIT + 1).as('capped')),
    where,
  };
}
