'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useListQuery } from '@/components/lists/use-list-query';
import { listCampaignsAction } from '@/lib/campaigns/actions';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { reviewCountsAction } from '@/lib/sending/actions';
import { campaignListInput, campaignQueryFromParams, type CampaignQuery } from './campaign-query';

/** Spec section 9: the list reloads every 10 s while a campaign is sending. */
const POLL_MS = 10_000;

export interface CampaignPage {
  total: number;
  records: CampaignRecord[];
}

/**
 * The campaign list's rows: the query of its URL (issue 21), loaded through the list action after
 * the server's first page, polled while a campaign is sending, with each page's "N to check" counts.
 */
export function useCampaignRows(initial: CampaignPage) {
  const [page, setPage] = useState<CampaignPage>(initial);
  const list = useListQuery({ mode: 'client', debounceMs: 300 });
  const query = useMemo(() => campaignQueryFromParams(list.params), [list.params]);
  const [loading, setLoading] = useState(false);
  // Issue 19: deliveries in review per campaign of the page ("N to check"), one query per page.
  const [toCheck, setToCheck] = useState<Record<number, number>>({});
  const first = useRef(true);

  const load = useCallback(
    async (q: CampaignQuery, quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        const res = await listCampaignsAction(campaignListInput(q));
        // Spec section 8: campaign list load errors are silently ignored.
        if (res.ok) setPage({ total: res.data.total, records: res.data.records });
      } catch {
        /* ignored, as above */
      } finally {
        if (!quiet) setLoading(false);
      }
    },
    [],
  );

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void load(query);
  }, [query, load]);

  // Polling while any campaign is sending and not fully delivered; stops on leaving the page.
  const sending = page.records.some((r) => r.displayStatus === 2);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void load(query, true), POLL_MS);
    return () => clearInterval(timer);
  }, [sending, query, load]);

  // Each load of the page (and each poll) brings its counts; a failed count is ignored, like the list.
  useEffect(() => {
    let current = true;
    reviewCountsAction({ campaignIds: page.records.map((r) => r.campaignId) })
      .then((res) => current && res.ok && setToCheck(res.data))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [page]);

  return { list, query, page, loading, sending, toCheck, reload: () => load(query), reloadQuietly: () => void load(query, true) };
}
