import { and, asc, desc, eq, gt, gte, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { boundedCache, perDatabase } from '@/lib/db/prepared';
import { CampaignStatus, campaigns, memberSnapshots } from '@/db/schema/campaigns';
import { locations } from '@/db/schema/locations';
import { templates } from '@/db/schema/templates';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { recordColumns, toRecord, type CampaignRecord } from './record';
import { resolveSettings } from './settings';
import { canDo, displayStatus } from './state-machine';
import type { CampaignInput, CampaignUpdate, ListQuery } from './schema';

/** POST /api/campaign: a new campaign is always a draft (spec section 4, saving). */
export async function createCampaign(ctx: ServiceContext, input: CampaignInput): Promise<{ campaignId: number; id: number }> {
  const values = await resolveSettings(ctx, ctx.db, input);
  const snapshotId = await ownSnapshotId(ctx, input.snapshotId);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(campaigns)
    .values({ ...values, snapshotId, merchantId: ctx.merchantId, status: CampaignStatus.DRAFT, createdBy: ctx.userId, createdAt: now, updatedAt: now })
    .returning({ id: campaigns.id });
  return { campaignId: row.id, id: row.id };
}

/** PUT /api/campaign: only a draft can be edited (spec section 4: edit is DRAFT only). */
export async function updateCampaign(ctx: ServiceContext, input: CampaignUpdate): Promise<{ campaignId: number; id: number }> {
  const values = await resolveSettings(ctx, ctx.db, input);
  const snapshotId = await ownSnapshotId(ctx, input.snapshotId);
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwnCampaign(tx as unknown as Db, ctx.merchantId, input.campaignId);
    if (!canDo(current, 'edit')) throw new AppError('BAD_REQUEST', 'campaigns.errors.notEditable', { values: { status: String(displayStatus(current)) } });
    await tx
      .update(campaigns)
      .set({ ...values, snapshotId: snapshotId ?? current.snapshotId, version: sql`${campaigns.version} + 1`, updatedAt: ctx.now() })
      .where(and(eq(campaigns.id, current.id), eq(campaigns.merchantId, ctx.merchantId), eq(campaigns.status, CampaignStatus.DRAFT)));
    return { campaignId: current.id, id: current.id };
  });
}

export async function getCampaign(ctx: ServiceContext, id: number): Promise<CampaignRecord> {
  const [row] = await selectRecords(ctx.db).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, ctx.merchantId))).limit(1);
  if (!row) throw notFound('campaigns.errors.notFound');
  return toRecord(row);
}

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
    keyword: s.keyword ? `%${s.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined,
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
  const time = s.sortBy === 'sendTime' ? sql`coalesce(${campaigns.scheduledTime}, ${campaigns.startTime}, ${campaigns.createdAt})` : campaigns.createdAt;
  const order = s.sortOrder === 'asc' ? [asc(time), asc(campaigns.id)] : [desc(time), desc(campaigns.id)];
  return {
    page: selectRecords(db).where(condition).orderBy(...order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('campaigns_page'),
    total: db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(condition).prepare('campaigns_total'),
  };
}

const preparedLists = perDatabase(() => boundedCache<ReturnType<typeof listStatements>>(128));

/** DELETE /api/campaign/{id}: only DRAFT, or PAUSED with send type SCHEDULE. */
export async function deleteCampaign(ctx: ServiceContext, id: number): Promise<{ campaignId: number }> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwnCampaign(tx as unknown as Db, ctx.merchantId, id);
    if (!canDo(current, 'delete')) throw new AppError('BAD_REQUEST', 'campaigns.errors.notDeletable', { values: { status: String(displayStatus(current)) } });
    await tx.delete(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, ctx.merchantId)));
    return { campaignId: id };
  });
}

/** The campaign row, locked for this transaction (SELECT ... FOR UPDATE), or 404. */
export async function lockOwnCampaign(db: Db, merchantId: number, id: number) {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, merchantId))).for('update').limit(1);
  if (!row) throw notFound('campaigns.errors.notFound');
  return row;
}

function selectRecords(db: Db) {
  return db.select(recordColumns).from(campaigns).leftJoin(locations, eq(locations.id, campaigns.locationId)).leftJoin(templates, eq(templates.id, campaigns.templateId)).$dynamic();
}

function statusFilter(status: number): SQL {
  const fullyDelivered = and(eq(campaigns.status, CampaignStatus.SENDING), gt(campaigns.totalRecords, 0), gte(campaigns.successRecords, campaigns.totalRecords));
  if (status === CampaignStatus.COMPLETED) return or(eq(campaigns.status, CampaignStatus.COMPLETED), fullyDelivered) as SQL;
  if (status === CampaignStatus.SENDING) return and(eq(campaigns.status, CampaignStatus.SENDING), not(fullyDelivered as SQL)) as SQL;
  return eq(campaigns.status, status);
}

async function ownSnapshotId(ctx: ServiceContext, snapshotId: number | undefined): Promise<number | null> {
  if (!snapshotId) return null;
  const [row] = await ctx.db.select({ id: memberSnapshots.id }).from(memberSnapshots).where(and(eq(memberSnapshots.id, snapshotId), eq(memberSnapshots.merchantId, ctx.merchantId))).limit(1);
  if (!row) throw notFound('campaigns.errors.snapshotNotFound');
  return row.id;
}
