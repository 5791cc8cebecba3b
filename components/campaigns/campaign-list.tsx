'use client';

import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, Trash2, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { deleteCampaignsAction } from '@/lib/campaigns/actions';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { notify } from '@/lib/notify/notify';
import { useCampaignColumns } from './campaign-columns';
import { CAMPAIGN_PAGE_SIZES } from './campaign-query';
import { FilterMenu } from './filter-menu';
import { RequestMenu } from './request-menu';
import { useCampaignRows, type CampaignPage } from './use-campaign-rows';
import { useTemplatePreview } from './use-template-preview';

// The details and the message preview (with Radix's dialog) load after the page, when idle, or when first opened (issue 11).
const CampaignDetailsDialog = dynamic(() => import('./campaign-details-dialog').then((m) => m.CampaignDetailsDialog), { ssr: false });
const MessagePreviewDialog = dynamic(() => import('./message-preview-dialog').then((m) => m.MessagePreviewDialog), { ssr: false });
const ReviewDialog = dynamic(() => import('@/components/sending/review-dialog').then((m) => m.ReviewDialog), { ssr: false });

/** The campaign list (spec section 2): filter, search, sort, batch delete, paging, details and previews. */
export function CampaignList({ initial, keptInOutbox = { email: false, sms: false } }: { initial: CampaignPage; keptInOutbox?: { email: boolean; sms: boolean } }) {
  const t = useTranslations('campaigns');
  const confirm = useConfirm();
  const { list, query, page, loading, sending, toCheck, reload, reloadQuietly } = useCampaignRows(initial);
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [details, setDetails] = useState<CampaignRecord | null>(null);
  const preview = useTemplatePreview();
  const detailsLoaded = useLazyMount(details !== null);
  const previewLoaded = useLazyMount(preview.data !== null);
  const [previewChannel, setPreviewChannel] = useState(0);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const reviewLoaded = useLazyMount(reviewing !== null);

  const deletable = (r: CampaignRecord) => r.allowedActions.includes('delete');

  async function deleteSelected() {
    if (!selected.length) return;
    const ok = await confirm({ title: t('confirm.title', { action: t('actions.delete') }), description: t('confirm.deleteMany', { count: selected.length }), confirmLabel: t('actions.delete'), danger: true });
    if (!ok) return;
    const res = await deleteCampaignsAction({ ids: selected });
    if (!res.ok) notify.warning(res.message || t('errors.deleteFailed'));
    else if (res.data.refused.length) notify.warning(t('list.batchRefused', { count: res.data.refused.length }));
    else notify.success(t('list.batchDeleted', { count: res.data.deleted.length }));
    setSelected([]);
    setBatch(false);
    await reload();
  }

  async function openPreview(r: CampaignRecord) {
    setPreviewChannel(r.campaignChannel);
    let filterConditions: Record<string, unknown> = {};
    try {
      filterConditions = JSON.parse(r.filterConditions);
    } catch {
      /* the defaults */
    }
    await preview.open({ channel: r.campaignChannel as 0 | 1, templateId: r.templateId, locationId: r.locationId, filterConditions, recipientName: r.recipientName || undefined, recipientEmail: r.recipientEmail || undefined, recipientPhone: r.recipientPhone || undefined });
  }

  const columns = useCampaignColumns({ toCheck, keptInOutbox, onDetails: setDetails, onPreview: (r) => void openPreview(r), onReview: setReviewing, onChanged: reload });

  const filtered = query.keyword || query.filter.channel !== undefined || query.filter.status !== undefined;
  const emptyState = filtered ? (
    <EmptyState title={t('list.emptyFiltered')} />
  ) : (
    <EmptyState title={t('list.emptyTitle')} description={t('list.emptyText')} action={<RequestMenu align="center" />} />
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <FilterMenu value={query.filter} onChange={(filter) => list.filter({ channel: filter.channel?.toString(), status: filter.status?.toString() })} />
        <div className="w-64 max-[720px]:w-full">
          <Input
          type="search"
          value={list.search.value}
          onChange={(e) => list.search.set(e.target.value)}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          leading={<Search className="size-4" aria-hidden />}
          />
        </div>
        <Button variant="secondary" onClick={() => list.filter({ sortOrder: query.sortOrder === 'desc' ? 'asc' : null })} data-testid="campaign-sort">
          {query.sortOrder === 'desc' ? <ArrowDownWideNarrow className="size-4" aria-hidden /> : <ArrowUpNarrowWide className="size-4" aria-hidden />}
          {query.sortOrder === 'desc' ? t('list.sortNewest') : t('list.sortOldest')}
        </Button>
        <div className="ms-auto flex items-center gap-2 max-[720px]:ms-0">
          {batch ? (
            <>
              <Button variant="danger" disabled={!selected.length} onClick={deleteSelected}>
                <Trash2 className="size-4" aria-hidden />
                {t('list.deleteSelected', { count: selected.length })}
              </Button>
              <Button variant="ghost" onClick={() => (setBatch(false), setSelected([]))}>
                <X className="size-4" aria-hidden />
                {t('list.exitBatch')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setBatch(true)} disabled={!page.records.length}>
              <Trash2 className="size-4" aria-hidden />
              {t('list.batchDelete')}
            </Button>
          )}
        </div>
      </div>
      {batch && <p className="text-sm text-slate-500 dark:text-slate-400">{t('list.batchHint')}</p>}
      {sending && (
        <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
          {t('list.polling')}
        </p>
      )}
      <TooltipProvider>
        <DataTable
          aria-label={t('list.title')}
          columns={columns}
          rows={page.records}
          rowKey={(r) => r.campaignId}
          loading={loading}
          empty={emptyState}
          selectable={batch}
          selected={selected}
          // Only deletable rows can be chosen (spec: delete is for drafts and paused schedules).
          onSelectedChange={(keys) => setSelected(keys.map(Number).filter((id) => page.records.some((r) => r.campaignId === id && deletable(r))))}
          rowLabel={(r) => r.campaignName}
        />
      </TooltipProvider>
      {page.total > 0 && <Pager total={page.total} pageNum={query.pageNum} pageSize={query.pageSize} pageSizes={CAMPAIGN_PAGE_SIZES} onChange={list.setPage} />}
      {detailsLoaded && <CampaignDetailsDialog record={details} onClose={() => setDetails(null)} />}
      {previewLoaded && <MessagePreviewDialog data={preview.data} channel={previewChannel} onClose={preview.close} />}
      {reviewLoaded && <ReviewDialog campaignId={reviewing} onClose={() => setReviewing(null)} onChanged={reloadQuietly} />}
    </div>
  );
}
