import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { ts } from '@/db/timestamp';
import { startDueCampaign } from './transitions';

/**
 * Scheduled campaigns whose time has come start sending (a fresh snapshot, deliveries queued):
 * the campaigns service does it under a row lock, so concurrent dispatchers start each once. The
 * sending engine runs it at the start of each round (DispatchOptions.startDueScheduledCampaigns),
 * given by whoever runs the engine: sending knows nothing of campaigns' lifecycle.
 */
export async function startDueScheduledCampaigns(db: Db, now: Date): Promise<number> {
  const due = await db.execute<{ id: number }>(sql`select id from campaigns where status = ${CampaignStatus.SCHEDULED} and scheduled_time <= ${ts(now)} order by scheduled_time limit 20`);
  let started = 0;
  for (const { id } of due) if (await startDueCampaign(db, Number(id), now)) started++;
  return started;
}
