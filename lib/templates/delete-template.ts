import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { templates } from '@/db/schema/templates';
import { AppError } from '@/lib/errors/app-error';
import { withTx, type ServiceContext } from '@/lib/context';
import { requireWritableTemplate } from './own-template';
import { usageOf } from './record';

/**
 * Refused for common templates, for trial accounts, and while a non-draft campaign uses it.
 *
 * Sending or scheduling a campaign locks its row, then reads the template FOR SHARE to pin its
 * version (lib/campaigns/transitions.ts). The delete takes its locks in that same order (the
 * campaigns using the template, then the template) before it checks their status, so the two wait
 * for each other instead of deadlocking, and the one that goes second sees the first's result: a
 * campaign just sent or scheduled refuses the delete, a template just deleted refuses the send.
 */
export async function deleteTemplate(ctx: ServiceContext, id: number): Promise<void> {
  await requireWritableTemplate(ctx, id);
  await withTx(ctx, async (t) => {
    await lockUsers(t.db, t.merchantId, id);
    const own = and(eq(templates.id, id), eq(templates.merchantId, t.merchantId));
    await t.db.select({ id: templates.id }).from(templates).where(own).for('update');
    const busy = await busyUsers(t.db, t.merchantId, id);
    if (busy.length) throw inUse(busy);
    const names = (await usageOf(t, [id])).get(id) ?? [];
    if (names.length) throw inUse(names);
    await t.db.delete(templates).where(own);
  });
}

/** The merchant's campaigns using the template, locked in id order (the send path's first lock): waits for sends in flight. */
async function lockUsers(db: Db, merchantId: number, templateId: number): Promise<void> {
  await db.execute(sql`select id from campaigns where merchant_id = ${merchantId} and template_id = ${templateId} order by id for update`);
}

/**
 * With the template locked nobody can start using it (a campaign's reference takes a key-share
 * lock on it). One that did between the two locks is locked now too, unless another transaction
 * holds it: its send may be waiting for our template lock, so waiting for it would deadlock.
 * Answers the names of those held elsewhere.
 */
async function busyUsers(db: Db, merchantId: number, templateId: number): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    with ours as (select id from campaigns where merchant_id = ${merchantId} and template_id = ${templateId} for update skip locked)
    select name from campaigns where merchant_id = ${merchantId} and template_id = ${templateId} and id not in (select id from ours) order by id`);
  return rows.map((r) => r.name);
}

function inUse(names: string[]): AppError {
  return new AppError('CONFLICT', 'templates.errors.inUse', { values: { campaigns: names.join(', ') }, details: { campaigns: names } });
}
