'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DeliverySummary } from '@/components/sending/delivery-summary';
import type { CampaignRecord } from '@/lib/campaigns/record';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { CampaignStatus } from './campaign-status';

/**
 * Spec section 2: name, channel, template name, location name, and the scheduled time when
 * scheduled; then the deliveries (issue 7 item 8).
 */
export function CampaignDetailsDialog({ record, onClose }: { record: CampaignRecord | null; onClose: () => void }) {
  const t = useTranslations('campaigns');
  const locale = useLocale() as Locale;
  const rows: [string, React.ReactNode][] = record
    ? [
        [t('details.name'), record.campaignName],
        [t('details.channel'), record.campaignChannel === 0 ? t('list.email') : t('list.sms')],
        [t('details.status'), <CampaignStatus key="s" status={record.displayStatus} />],
        [t('details.template'), record.templateName || '-'],
        [t('details.location'), record.locationName || '-'],
        ...(record.sendType === 1 ? ([[t('details.scheduledTime'), `${formatDateTime(record.scheduledTime, locale, record.timezone)} (${record.timezone})`]] as [string, React.ReactNode][]) : []),
        [t('details.delivered'), record.delivered],
        ...(record.campaignChannel === 0 && record.totalRecords > 0 ? ([[t('details.opened'), String(record.openedRecords)]] as [string, React.ReactNode][]) : []),
      ]
    : [];
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('details.title')}</DialogTitle>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>
        {/* Issue 7: per-status counts and the problems with their reasons, once anything was queued. */}
        {record && record.totalRecords > 0 && <DeliverySummary campaignId={record.campaignId} />}
      </DialogContent>
    </Dialog>
  );
}
