import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { campaigns } from '@/db/schema/campaigns';
import { locations } from '@/db/schema/locations';
import { templates } from '@/db/schema/templates';
import { openedCountSql } from '@/lib/sending/queue';
import { allowedActions, displayStatus } from './state-machine';

/** The columns every campaign answer reads (joined with its location and template names). */
export const recordColumns = {
  c: campaigns,
  locationName: locations.name,
  templateName: templates.name,
  openedRecords: openedCountSql(campaigns.id),
};

type Row = { c: typeof campaigns.$inferSelect; locationName: string | null; templateName: string | null; openedRecords: number | null };

/** The API shape of a campaign (spec section 3 names; display-only fields added). */
export function toRecord(row: Row) {
  const c = row.c;
  const shown = displayStatus(c);
  return {
    campaignId: c.id,
    id: c.id,
    campaignName: c.name,
    campaignType: c.campaignType,
    campaignChannel: c.channel,
    status: c.status,
    /** The status the list shows: a SENDING campaign delivered in full shows as COMPLETED. */
    displayStatus: shown,
    sendType: c.sendType,
    scheduledTime: c.scheduledTime?.toISOString() ?? null,
    timezone: c.timezone,
    locationId: c.locationId,
    locationName: row.locationName ?? '',
    templateId: c.templateId,
    templateName: row.templateName ?? '',
    templateTitle: row.templateName ?? '',
    isBatchSend: c.isBatchSend,
    deliveryWindow: c.deliveryWindow ?? '',
    avoidHours: c.avoidHours ?? '',
    filterConditions: JSON.stringify(c.filterConditions ?? {}),
    recipientName: c.recipientName ?? '',
    recipientEmail: c.recipientEmail ?? '',
    recipientPhone: c.recipientPhone ?? '',
    snapshotId: c.snapshotId,
    /** The template version it sends, pinned when scheduled or sent (null: a draft, or an older campaign). */
    templateVersion: c.templateVersion,
    startTime: c.startTime?.toISOString() ?? null,
    totalRecords: c.totalRecords,
    successRecords: c.successRecords,
    openedRecords: Number(row.openedRecords ?? 0),
    /** "success/total", or '-' before any delivery exists. */
    delivered: c.totalRecords > 0 ? `${c.successRecords}/${c.totalRecords}` : '-',
    /** "Send on": the scheduled time for a schedule, else when sending started. */
    sendOn: (c.sendType === 1 ? c.scheduledTime : c.startTime)?.toISOString() ?? null,
    allowedActions: allowedActions(c),
    version: c.version,
    createTime: c.createdAt.toISOString(),
    updateTime: c.updatedAt.toISOString(),
  };
}

export type CampaignRecord = ReturnType<typeof toRecord>;

/** Campaign rows with their location and template names, ready for a where clause. */
export function selectRecords(db: Db) {
  return db.select(recordColumns).from(campaigns).leftJoin(locations, eq(locations.id, campaigns.locationId)).leftJoin(templates, eq(templates.id, campaigns.templateId)).$dynamic();
}
