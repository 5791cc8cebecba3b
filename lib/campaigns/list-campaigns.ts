import { and, asc, desc, eq, gt, gte, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { containsPattern } from '@/db/like';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import type { ServiceContext } from '@/lib/context';
import { boundedCache, perDatabase } from '@/lib/db/prepared';
import { selectRecords, toRecord } from './record';
import type { ListQuery } from './schema';

/**
 * GET /api/campaign: filters by channel and *displayed* status, keyword; sorted by time. Its two
 * statements are prepared once per filter shape (which filters, the status, the order): building
 * them cost more CPU than running them under load (lib/db/prepared.ts).
 */
export async function listCampaigns(ctx: ServiceContext, query: ListQuery) {
  const s = query.searchConditions;
  const shape = [s.campaignChannel !== undefined ? 'c' : '', s.status ?? '', s.keyword ? 'k' : '', s.sortBy, s.sortOrder].join('|');
  const prepared = preparedLists(ctx.db).get(shape, () => listStatements(ctx.db, s));
  const values = {
    merchantId: ctx.merchantId,
    channel: s.campaignChannel,
    keyword: s.keyword ? containsPattern(s.keyword) : undefined,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  };
  const [rows, [{ total }]] = await Promise.all([prepared.page.execute(values), prepared.total.execute(values)]);
  return { total: Number(total), pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map(toRecord) };
}

function listStatements(db: Db, s: ListQuery['searchConditions']) {
  const where: SQL[] = [eq(campaigns.merchantId, sql.placeholder('merchantId'))];
  if (s.campaignChannel !== undefined) where.push(eq(campaigns.channel, sql.placeholder('channel')));
  // The status is part of the shape: its condition differs by value, and its value is fixed here.
  if (s.status !== undefined) where.push(statusFilter(s.status));
  if (s.keyword) where.push(ilike(campaigns.name, sql.placeholder('keyword')));
  const condition = and(...where);
  // By send time: the list's "Send on" column itself (the scheduled time of a schedule, else when
  // sending started); requests not sent yet (no Send on) come after the others, newest first.
  const sendOn = sql`(case when ${campaigns.sendType} = 1 then ${campaigns.scheduledTime} else ${campaigns.startTime} end)`;
  const order =
    s.sortBy === 'sendTime'
      ? [s.sortOrder === 'asc' ? sql`${sendOn} asc nulls last` : sql`${sendOn} desc nulls last`, desc(campaigns.createdAt), desc(campaigns.id)]
      : s.sortOrder === 'asc'
        ? [asc(campaigns.createdAt), asc(campaigns.id)]
        : [desc(campaigns.createdAt), desc(campaigns.id)];
  return {
    page: selectRecords(db).where(condition).orderBy(...order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('campaigns_page'),
    total: db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(condition).prepare('campaigns_total'),
  };
}

const preparedLists = perDatabase(() => boundedCache<ReturnType<typeof listStatements>>(128));

function statusFilter(status: number): SQL {
  const fullyDelivered = and(eq(campaigns.status, CampaignStatus.SENDING), gt(campaigns.totalRecords, 0), gte(campaigns.successRecords, campaigns.totalRecords));
  if (status === CampaignStatus.COMPLETED) return or(eq(campaigns.status, CampaignStatus.COMPLETED), fullyDelivered) as SQL;
  if (status === CampaignStatus.SENDING) return and(eq(campaigns.status, CampaignStatus.SENDING), not(fullyDelivered as SQL)) as SQL;
  return eq(campaigns.status, status);
}
