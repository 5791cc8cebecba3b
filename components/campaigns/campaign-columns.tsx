'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Tooltip } from '@/components/ui/tooltip';
import { ToCheckBadge } from '@/components/sending/to-check-badge';
import type { CampaignRecord } from '@/lib/campaigns/record';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { CampaignRowMenu } from './campaign-row-menu';
import { CampaignStatus } from './campaign-status';

const LOCATION_CUT = 20;

interface ColumnHandlers {
  toCheck: Record<number, number>;
  /** Channels whose messages are kept in the outbox (no SMTP, no Twilio): never "delivered". */
  keptInOutbox: { email: boolean; sms: boolean };
  onDetails: (r: CampaignRecord) => void;
  onPreview: (r: CampaignRecord) => void;
  onReview: (campaignId: number) => void;
  onChanged: () => void;
}

/** The campaign list's columns (spec section 2), with the row menu and the "N to check" badge. */
export function useCampaignColumns({ toCheck, keptInOutbox, onDetails, onPreview, onReview, onChanged }: ColumnHandlers): DataTableColumn<CampaignRecord>[] {
  const t = useTranslations('campaigns');
  const locale = useLocale() as Locale;
  return [
    {
      id: 'name',
      header: t('list.colName'),
      mobile: 'title',
      className: 'min-w-40',
      cell: (r) => (
        <button type="button" className="text-start font-medium text-slate-900 hover:text-primary focus-visible:underline focus-visible:outline-none dark:text-slate-100" onClick={() => onDetails(r)}>
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
          {(r.campaignChannel === 0 ? keptInOutbox.email : keptInOutbox.sms) && (
            <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-500/10 dark:text-amber-300" data-testid="kept-in-outbox">
              {t('list.keptInOutbox')}
            </span>
          )}
          <ToCheckBadge count={toCheck[r.campaignId] ?? 0} onOpen={() => onReview(r.campaignId)} />
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
      cell: (r) => <CampaignRowMenu record={r} onChanged={onChanged} onDetails={() => onDetails(r)} onPreview={() => onPreview(r)} />,
    },
  ];
}
