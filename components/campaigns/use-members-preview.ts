'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { createSnapshotAction } from '@/lib/campaigns/actions';
import { notify } from '@/lib/notify/notify';
import { filterConditionsOf, recipientOf } from './request-form-input';
import type { RequestValues } from './request-form-model';

interface MembersPreviewDeps {
  channel: 0 | 1;
  getValues: UseFormGetValues<RequestValues>;
  setError: UseFormSetError<RequestValues>;
  showServerErrors: (fieldErrors: Record<string, string> | undefined) => void;
}

/** Members preview (spec section 2): needs a location; builds the member snapshot of the form's filters as they stand. */
export function useMembersPreview({ channel, getValues, setError, showServerErrors }: MembersPreviewDeps) {
  const t = useTranslations('campaigns');
  const [loading, setLoading] = useState(false);
  const [snapshot, setSnapshot] = useState<{ snapshotId: number; total: number } | null>(null);

  async function open() {
    const values = getValues();
    if (!values.locationId) {
      notify.warning(t('errors.selectLocation'));
      setError('locationId', { type: 'manual', message: 'campaigns.errors.locationRequired' });
      return;
    }
    setLoading(true);
    try {
      const res = await createSnapshotAction({ locationId: Number(values.locationId), campaignChannel: channel, filterConditions: filterConditionsOf(values), ...recipientOf(values, channel) });
      if (!res.ok) {
        showServerErrors(res.fieldErrors);
        notify.warning(res.message || t('errors.getMembersFailed'));
      } else if (!res.data.snapshotId) notify.warning(t('errors.getMembersNoId'));
      else setSnapshot({ snapshotId: res.data.snapshotId, total: res.data.total });
    } catch {
      notify.warning(t('errors.getMembersFailed'));
    } finally {
      setLoading(false);
    }
  }

  return { loading, snapshot, open, close: () => setSnapshot(null) };
}
