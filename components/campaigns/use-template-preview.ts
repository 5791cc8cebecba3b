'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { createSnapshotAction, pageSnapshotAction, previewMessageAction } from '@/lib/campaigns/actions';
import { notify } from '@/lib/notify/notify';

export interface PreviewRequest {
  channel: 0 | 1;
  templateId?: number | null;
  locationId?: number | null;
  filterConditions: Record<string, unknown>;
  recipientName?: string;
  recipientEmail?: string;
  recipientPhone?: string;
}

export type PreviewData = Awaited<ReturnType<typeof previewMessageAction>> extends infer R ? (R extends { ok: true; data: infer D } ? D : never) : never;

/**
 * Template preview (spec section 5): needs a template and a location, builds the member
 * snapshot and renders the template for its first member; no member: "no members for preview".
 */
export function useTemplatePreview() {
  const t = useTranslations('campaigns.errors');
  const [loading, setLoading] = useState(false);
  const [data, setData] = useState<PreviewData | null>(null);
  const open = useCallback(
    async (req: PreviewRequest): Promise<boolean> => {
      if (!req.templateId || !req.locationId) {
        notify.warning(t('selectLocationOrTemplate'));
        return false;
      }
      setLoading(true);
      try {
        const snap = await createSnapshotAction({ locationId: req.locationId, campaignChannel: req.channel, filterConditions: req.filterConditions, recipientName: req.recipientName, recipientEmail: req.recipientEmail, recipientPhone: req.recipientPhone });
        if (!snap.ok) return warn(snap.message || t('getMembersFailed'));
        if (!snap.data.snapshotId) return warn(t('getMembersNoId'));
        const page = await pageSnapshotAction({ snapshotId: snap.data.snapshotId, pageNum: 1, pageSize: 1 });
        if (!page.ok) return warn(page.message || t('loadSnapshotFailed'));
        const first = page.data.records[0];
        if (!first) return warn(t('noMembersForPreview'));
        const res = await previewMessageAction({ channel: req.channel, memberId: first.memberId, templateId: req.templateId, locationId: req.locationId, variables: {} });
        if (!res.ok) return warn(res.message || t('previewFailed'));
        setData(res.data);
        return true;
      } catch {
        return warn(t('previewFailed'));
      } finally {
        setLoading(false);
      }
    },
    [t],
  );
  return { loading, data, open, close: () => setData(null) };
}

function warn(message: string): false {
  notify.warning(message);
  return false;
}
