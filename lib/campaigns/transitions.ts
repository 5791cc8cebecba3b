import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { CampaignStatus, SendType, campaigns, memberSnapshots } from '@/db/schema/campaigns';
import { AppError } from '@/lib/errors/app-error';
import { withTx, type ServiceContext } from '@/lib/context';
import { cancelQueued, enqueueSnapshot } from '@/lib/sending/queue';
import { wakeDispatchers } from '@/lib/sending/wakeup';
import { pinTemplateVersion } from '@/lib/templates/versions';
import { loadUsableTemplate } from './lookups';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { filterConditionsSchema } from './schema';
import { issueMessageKey } from '@/lib/validation/issues';
import { assertNotPast, assertTrialAllows } from './settings';
import { buildSnapshot, hasRecipient } from './snapshots';
import { canDo, displayStatus, type StatusAction } from './state-machine';
import { getCampaign } from './get-campaign';
import { lockOwnCampaign } from './own-campaign';
import { logger } from '@/lib/observability/logger';
import { requireBulkReadyDomain } from '@/lib/deliverability/bulk-gate';
import { heldForComplaints, requireComplaintRateConfirmation } from '@/lib/deliverability/complaint-hold';
import { currentDomainReport } from '@/lib/deliverability/sender-domain';

type CampaignRow = typeof campaigns.$inferSelect;
/** A snapshot built for a preview is reused by send-now when it matches and is this recent. */
const SNAPSHOT_REUSE_MS = 60 * 60 * 1000;

/**
 * POST /api/campaign/{id}/{action}. The row is locked (SELECT ... FOR UPDATE) for the whole
 * transaction and the action is checked against the locked status, so of two concurrent actions
 * on one campaign the second sees the first one's result and is refused when no longer allowed.
 */
export async function runCampaignAction(ctx: ServiceContext, id: number, action: StatusAction, options: { confirmComplaintRate?: boolean } = {}) {
  // The sending domain's check may ask DNS: before the campaign's row is locked, never while.
  const domainReport = action === 'send' && (await isEmailCampaign(ctx, id)) ? await currentDomainReport(ctx) : null;
  const status = await withTx(ctx, async (t): Promise<number> => {
    const tx = t.db;
    const c = await lockOwnCampaign(tx, t.merchantId, id);
    if (!canDo(c, action)) {
      throw new AppError('BAD_REQUEST', 'campaigns.errors.actionNotAllowed', { values: { action, status: String(displayStatus(c)) } });
    }
    const now = ctx.now();
    // Over the complaint line, an e-mail campaign goes out only once the owner confirms it.
    if (c.channel === 0 && (action === 'send' || action === 'schedule' || action === 'resume')) await requireComplaintRateConfirmation(t, c.id, options.confirmComplaintRate === true);
    switch (action) {
      case 'send': {
        await assertSendable(t, c);
        const started = await startSending({ ...t, now: () => now }, c, { reuseSnapshot: true, sendType: SendType.NOW, refuseEmpty: true });
        // Refused (and rolled back) when the audience is bulk and the domain does not pass.
        const [queued] = await tx.select({ total: campaigns.totalRecords }).from(campaigns).where(eq(campaigns.id, c.id));
        requireBulkReadyDomain(domainReport, Number(queued?.total ?? 0));
        return started;
      }
      case 'schedule':
        await assertSendable(t, c);
        assertNotPast(c.scheduledTime, now);
        await pinTemplateVersion(tx, c);
        return setStatus(tx, c, CampaignStatus.SCHEDULED, now);
      case 'pause':
        return setStatus(tx, c, CampaignStatus.PAUSED, now);
      case 'resume':
        // A campaign paused before issue 19 has no version yet: it pins the template as it is now.
        await pinTemplateVersion(tx, c);
        // Paused before it ever started: back to waiting for its time (the engine starts it when due).
        return setStatus(tx, c, c.startTime ? CampaignStatus.SENDING : CampaignStatus.SCHEDULED, now);
      case 'revert':
        // A draft again: it may change template, and pins the template's version when scheduled anew.
        return setStatus(tx, c, CampaignStatus.DRAFT, now, { templateVersion: null });
      case 'stop':
        await cancelQueued(tx, c.id, now);
        return setStatus(tx, c, CampaignStatus.STOPPED, now);
    }
  });
  // After the commit (never inside: a woken dispatcher would not see the rows yet).
  if (status === CampaignStatus.SENDING) await wakeDispatchers(ctx.db);
  return getCampaign(ctx, id);
}

/**
 * For the sending engine: starts a SCHEDULED campaign whose time has come (a fresh snapshot,
 * delivery rows queued, status SENDING; COMPLETED at once when nobody matches). Answers false
 * when the campaign is not (or no longer) due, so concurrent dispatchers cannot both start it, and
 * when it is no longer sendable (send's own checks): then it is PAUSED, never sent without them.
 */
export async function startDueCampaign(db: Db, campaignId: number, now: Date): Promise<boolean> {
  const status = await db.transaction(async (tx): Promise<number | null> => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update').limit(1);
    if (!c || c.status !== CampaignStatus.SCHEDULED || !c.scheduledTime || c.scheduledTime.getTime() > now.getTime()) return null;
    const ctx = { db: tx, merchantId: c.merchantId, locale: 'zh-CN' as const, now: () => now };
    // What send and schedule check, again: the template, location or plan may have changed since.
    const refusal = (await sendableRefusal(ctx, c)) ?? (c.channel === 0 && (await heldForComplaints(tx, c.merchantId, c.id, now)) ? 'deliverability.errors.complaintRateConfirm' : null);
    if (refusal) {
      logger.warn({ event: 'campaign.not_sendable', campaignId: c.id, merchantId: c.merchantId, reason: refusal }, 'scheduled campaign paused: no longer sendable');
      // Paused, not started: the merchant sees it waiting and resumes it, or deletes it.
      await setStatus(tx, c, CampaignStatus.PAUSED, now);
      return null;
    }
    return startSending(ctx, c, { reuseSnapshot: false, sendType: c.sendType, refuseEmpty: false });
  });
  if (status === CampaignStatus.SENDING) await wakeDispatchers(db);
  return status !== null;
}

async function isEmailCampaign(ctx: Pick<ServiceContext, 'db' | 'merchantId'>, id: number): Promise<boolean> {
  const [row] = await ctx.db.select({ channel: campaigns.channel }).from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, ctx.merchantId))).limit(1);
  return row?.channel === 0;
}

/** The message key of the refusal that send or schedule would answer now, or null when sendable. */
async function sendableRefusal(ctx: Pick<ServiceContext, 'db' | 'merchantId'>, c: CampaignRow): Promise<string | null> {
  try {
    await assertSendable(ctx, c);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.messageKey;
    throw error;
  }
}

async function assertSendable(ctx: Pick<ServiceContext, 'db' | 'merchantId'>, c: CampaignRow): Promise<void> {
  const tx = ctx.db;
  if (!c.locationId) throw new AppError('BAD_REQUEST', 'campaigns.errors.locationRequired', { fieldErrors: { locationId: 'campaigns.errors.locationRequired' } });
  if (!c.templateId) throw new AppError('BAD_REQUEST', 'campaigns.errors.templateRequired', { fieldErrors: { templateId: 'campaigns.errors.templateRequired' } });
  await requireOwnLocation(tx, ctx.merchantId, c.locationId);
  const template = await loadUsableTemplate(tx, ctx.merchantId, c.templateId, c.channel);
  await assertTrialAllows(ctx, { templateMerchantId: template.merchantId, filters: filtersOf(c), isBatchSend: c.isBatchSend, avoidHours: c.avoidHours });
}

/** Queues the audience and moves the campaign to SENDING (COMPLETED when nobody matches); answers the new status. */
async function startSending(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'locale' | 'now'>, c: CampaignRow, options: { reuseSnapshot: boolean; sendType: number; refuseEmpty: boolean }): Promise<number> {
  const tx = ctx.db;
  const now = ctx.now();
  // The version it was scheduled with, or (send now) the template as it is now.
  await pinTemplateVersion(tx, c);
  if (!c.locationId) throw new AppError('BAD_REQUEST', 'campaigns.errors.locationRequired');
  const spec = { locationId: c.locationId, channel: c.channel, filters: filtersOf(c), recipientName: c.recipientName, recipientEmail: c.recipientEmail, recipientPhone: c.recipientPhone };
  let snapshotId = options.reuseSnapshot ? await reusableSnapshot(tx, c, now) : null;
  if (!snapshotId) snapshotId = (await buildSnapshot(ctx, spec)).snapshotId;
  // One statement queues everyone (lib/sending/queue.ts); a re-run queues nobody twice.
  const total = await enqueueSnapshot(tx, { merchantId: c.merchantId, campaignId: c.id, channel: c.channel, snapshotId, at: now });
  if (total === 0 && options.refuseEmpty) throw new AppError('BAD_REQUEST', 'campaigns.errors.noMembers');
  const status = total === 0 ? CampaignStatus.COMPLETED : CampaignStatus.SENDING;
  await tx
    .update(campaigns)
    .set({
      status,
      sendType: options.sendType,
      // Send-now abandons a schedule (spec section 4).
      scheduledTime: options.sendType === SendType.NOW ? null : c.scheduledTime,
      snapshotId,
      startTime: c.startTime ?? now,
      totalRecords: total,
      version: sql`${campaigns.version} + 1`,
      updatedAt: now,
    })
    .where(eq(campaigns.id, c.id));
  return status;
}

/** The campaign's snapshot when it still describes the campaign's audience and is recent. */
async function reusableSnapshot(tx: Db, c: CampaignRow, now: Date): Promise<number | null> {
  if (!c.snapshotId || hasRecipient(c, c.channel)) return null;
  const [s] = await tx.select().from(memberSnapshots).where(and(eq(memberSnapshots.id, c.snapshotId), eq(memberSnapshots.merchantId, c.merchantId))).limit(1);
  if (!s || s.locationId !== c.locationId || s.channel !== c.channel) return null;
  if (now.getTime() - s.createdAt.getTime() > SNAPSHOT_REUSE_MS) return null;
  const kept = filterConditionsSchema.safeParse(s.filterConditions);
  return kept.success && JSON.stringify(kept.data) === JSON.stringify(filtersOf(c)) ? s.id : null;
}

/**
 * The campaign's stored filters, read with today's rules. Filters saved before a rule was
 * tightened are refused with that rule's message (the merchant edits the campaign): never
 * replaced by the defaults, which would send to a wider audience than the one chosen.
 */
function filtersOf(c: CampaignRow) {
  const parsed = filterConditionsSchema.safeParse(c.filterConditions ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION', issueMessageKey(parsed.error.issues[0]).key);
}

async function setStatus(tx: Db, c: CampaignRow, status: number, now: Date, extra: Partial<Pick<CampaignRow, 'templateVersion'>> = {}): Promise<number> {
  await tx
    .update(campaigns)
    .set({ ...extra, status, version: sql`${campaigns.version} + 1`, updatedAt: now })
    .where(and(eq(campaigns.id, c.id), eq(campaigns.status, c.status)));
  return status;
}
