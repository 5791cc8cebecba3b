import { sql } from 'drizzle-orm';
import { reviewLinks, reviewLinkScans } from '@/db/schema/review-links';
import { reviewLinkUrl } from './code';

/** A review link as the API and the locations screen see it. */
export interface ReviewLinkRecord {
  id: number;
  locationId: number;
  memberUserId: number | null;
  employeeTag: string | null;
  code: string;
  url: string;
  enabled: boolean;
  scans: number;
  createdAt: string;
}

export const recordColumns = {
  id: reviewLinks.id,
  locationId: reviewLinks.locationId,
  memberUserId: reviewLinks.memberUserId,
  employeeTag: reviewLinks.employeeTag,
  code: reviewLinks.code,
  enabled: reviewLinks.enabled,
  createdAt: reviewLinks.createdAt,
};

/** Scans counted so far of the row's link (review_link_scans_link_idx). */
export const scanCount = sql<number>`(select count(*) from ${reviewLinkScans} s where s.link_id = review_links.id)::int`;

type Row = Omit<ReviewLinkRecord, 'url' | 'createdAt'> & { createdAt: Date };

export function toRecord(row: Row): ReviewLinkRecord {
  return {
    id: row.id,
    locationId: row.locationId,
    memberUserId: row.memberUserId,
    employeeTag: row.employeeTag,
    code: row.code,
    url: reviewLinkUrl(row.code),
    enabled: row.enabled,
    scans: Number(row.scans),
    createdAt: row.createdAt.toISOString(),
  };
}
