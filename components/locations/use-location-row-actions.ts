'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ListQueryState } from '@/components/lists/use-list-query';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { deleteLocationAction, setLocationStatusAction } from '@/lib/locations/actions';
import { notify } from '@/lib/notify/notify';
import type { BlockedDelete } from './delete-blocked-dialog';
import type { LocationRow } from './location-row';

/** Enable, disable and delete a location of the list; a delete refused for its campaigns is `blocked`. */
export function useLocationRowActions({ list, rows, pageNum }: { list: ListQueryState; rows: LocationRow[]; pageNum: number }) {
  const t = useTranslations('locations');
  const router = useRouter();
  const confirm = useConfirm();
  const { startTransition, refresh } = list;
  const [blocked, setBlocked] = useState<BlockedDelete | null>(null);
  // Switches flip at once; the server's answer (or a refresh) settles them.
  const [optimistic, setOptimistic] = useState<Record<number, boolean>>({});

  const setEnabled = async (row: LocationRow, enabled: boolean) => {
    setOptimistic((o) => ({ ...o, [row.locationId]: enabled }));
    const result = await setLocationStatusAction({ locationId: row.locationId, enabled });
    if (!result.ok) {
      setOptimistic((o) => ({ ...o, [row.locationId]: !enabled }));
      notify.warning(result.message);
      return;
    }
    notify.success(t(enabled ? 'messages.enabled' : 'messages.disabled', { name: row.locationName }));
    startTransition(() => {
      router.refresh();
      setOptimistic((o) => {
        const next = { ...o };
        delete next[row.locationId];
        return next;
      });
    });
  };

  const remove = async (row: LocationRow) => {
    const ok = await confirm({ title: t('confirmDelete.title', { name: row.locationName }), description: t('confirmDelete.description'), confirmLabel: t('confirmDelete.confirm'), danger: true });
    if (!ok) return;
    const result = await deleteLocationAction({ locationId: row.locationId });
    if (!result.ok) {
      if (result.code === 'CONFLICT') setBlocked({ name: row.locationName, message: result.message, campaigns: campaignsOf(result.details) });
      else notify.warning(result.message);
      if (result.code === 'NOT_FOUND') refresh();
      return;
    }
    notify.success(result.message ?? t('messages.deleted'));
    if (rows.length === 1 && pageNum > 1) list.navigate({ pageNum: String(pageNum - 1) });
    else refresh();
  };

  const isEnabled = (row: LocationRow) => optimistic[row.locationId] ?? row.enabled;

  return { isEnabled, setEnabled, remove, blocked, closeBlocked: () => setBlocked(null) };
}

function campaignsOf(details: Record<string, unknown> | undefined): { campaignId: number; campaignName: string }[] {
  const list = details?.campaigns;
  return Array.isArray(list) ? (list as { campaignId: number; campaignName: string }[]) : [];
}
