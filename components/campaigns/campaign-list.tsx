'use client';

import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, Trash2, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useListQuery } from '@/components/lists/use-list-query';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { ToCheckBadge } from '@/components/sending/to-check-badge';
import { deleteCampaignsAction, listCampaignsAction } from '@/lib/campaigns/actions';
import { reviewCountsAction } from '@/lib/sending/actions';
import type { CampaignRecord } from '@/lib/campaigns/record';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { formatDateTime } from '@/lib/time/format';
import { campaignListInput, campaignQueryFromParams, CAMPAIGN_PAGE_SIZES, type CampaignQuery } from './campaign-query';
import { CampaignRowMenu } from './campaign-row-menu';
import { CampaignStatus } from './campaign-status';
import { FilterMenu } from './filter-menu';
import { RequestMenu } from './request-menu';
import { SendingSettingsDialog } from './sending-settings-dialog';
import { useTemplatePreview } from './use-template-preview';

// The details and the message preview (with Radix's dialog) load after the page, when idle, or when first opened (issue 11).
const CampaignDetailsDialog = dynamic(() => import('./campaign-details-dialog').then((m) => m.CampaignDetailsDialog), { ssr: false });
const MessagePreviewDialog = dynamic(() => import('./message-preview-dialog').then((m) => m.MessagePreviewDialog), { ssr: false });
const ReviewDialog = dynamic(() => import('@/components/sending/review-dialog').then((m) => m.ReviewDialog), { ssr: false });

/** Spec section 9: the list reloads every 10 s while a campaign is sending. */
const POLL_MS = 10_000;
const LOCATION_CUT = 20;

export interface CampaignPage {
  total: number;
  records: CampaignRecord[];
}

export function CampaignList({ initial }: { initial: CampaignPage }) {
  const t = useTranslations('campaigns');
  const locale = useLocale() as Locale;
  const confirm = useConfirm();
  const [page, setPage] = useState<CampaignPage>(initial);
  // The query lives in the URL (issue 21); the rows load here, through the list action.
  const list = useListQuery({ mode: 'client', debounceMs: 300 });
  const query = useMemo(() => campaignQueryFromParams(list.params), [list.params]);
  const [loading, setLoading] = useState(false);
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [details, setDetails] = useState<CampaignRecord | null>(null);
  const preview = useTemplatePreview();
  const detailsLoaded = useLazyMount(details !== null);
  const previewLoaded = useLazyMount(preview.data !== null);
  const [previewChannel, setPreviewChannel] = useState(0);
  // Issue 19: deliveries in review per campaign of the page ("N to check"), one query per page.
  const [toCheck, setToCheck] = useState<Record<number, number>>({});
  const [reviewing, setReviewing] = useState<number | null>(null);
  const reviewLoaded = useLazyMount(reviewing !== null);
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

  const reload = () => load(query);
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

  const columns: DataTableColumn<CampaignRecord>[] = [
    {
      id: 'name',
      header: t('list.colName'),
      mobile: 'title',
      className: 'min-w-40',
      cell: (r) => (
        <button type="button" className="text-start font-medium text-slate-900 hover:text-primary focus-visible:underline focus-visible:outline-none dark:text-slate-100" onClick={() => setDetails(r)}>
          {r.campaignName}
        </button>
      ),
    },
    { id: 'channel', header: t('list.colChannel'), className: 'whitespace-nowrap', cell: (r) => (r.campaignChannel === 0 ? t('list.email') : t('list.sms')) },
    { id: 'status', header: t('list.colStatus'), cell: (r) => <CampaignStatus status={r.displayStatus} /> },
    {
      id: 'delivered',
      header: t('list.colDelivered'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {r.delivered}
          <ToCheckBadge count={toCheck[r.campaignId] ?? 0} onOpen={() => setReviewing(r.campaignId)} />
        </span>
      ),
    },
    { id: 'sendOn', header: t('list.colSendOn'), className: 'whitespace-nowrap tabular-nums', cell: (r) => formatDateTime(r.sendOn, locale, r.timezone) },
    {
      id: 'location',
      header: t('list.colLocation'),
      className: 'whitespace-nowrap',
      cell: (r) =>
        r.locationName.length > LOCATION_CUT ? (
          <Tooltip content={r.locationName}>
            <span tabIndex={0} className="cursor-default">
              {`${r.locationName.slice(0, LOCATION_CUT)}…`}
            </span>
          </Tooltip>
        ) : (
          r.locationName || '-'
        ),
    },
    { id: 'timezone', header: t('list.colTimezone'), className: 'whitespace-nowrap', cell: (r) => r.timezone },
    {
      id: 'actions',
      header: <span className="sr-only">{t('list.colName')}</span>,
      mobile: 'actions',
      align: 'end',
      cell: (r) => <CampaignRowMenu record={r} onChanged={reload} onDetails={() => setDetails(r)} onPreview={() => openPreview(r)} />,
    },
  ];

  const filtered = query.keyword || query.filter.channel !== undefined || query.filter.status !== undefined;
  const emptyState = filtered ? (
    <EmptyState title={t('list.emptyFiltered')} />
  ) : (
    <EmptyState title={t('list.emptyTitle')} description={t('list.emptyText')} action={<RequestMenu align="center" />} />
  );

  return (
    <div className="space-y-4">
      <PageHeader title={t('list.title')} description={t('list.description')} actions={<><SendingSettingsDialog /><RequestMenu /></>} />
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
      {reviewLoaded && <ReviewDialog campaignId={reviewing} onClose={() => setReviewing(null)} onChanged={() => void load(query, true)} />}
    </div>
  );
}
