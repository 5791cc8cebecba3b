'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { DeliverySummary } from '@/components/sending/delivery-summary';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { getCampaignMessageAction } from '@/lib/campaigns/actions';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { CampaignStatus } from './campaign-status';

/**
 * Spec section 2: name, channel, template name, location name, and the scheduled time when
 * scheduled; then the deliveries (issue 7 item 8), and the message it sends (issue 19).
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
        {record && <CampaignMessage campaignId={record.campaignId} channel={record.campaignChannel} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type MessageData = Extract<Awaited<ReturnType<typeof getCampaignMessageAction>>, { ok: true }>['data'];

/**
 * What the campaign sends: one message as it was sent when there is one, else the template version
 * it pinned; and the version's date, saying so when the template changed since. Drafts and
 * campaigns from before versions were kept show nothing here.
 */
function CampaignMessage({ campaignId, channel, onClose }: { campaignId: number; channel: number; onClose: () => void }) {
  const t = useTranslations('campaigns.details');
  const locale = useLocale() as Locale;
  const [data, setData] = useState<MessageData | null>(null);
  useEffect(() => {
    let live = true;
    void getCampaignMessageAction({ campaignId }).then((result) => live && setData(result.ok ? result.data : null));
    return () => {
      live = false;
    };
  }, [campaignId]);
  if (!data || (!data.version && !data.sent)) return null;
  const { version, sent } = data;
  const subject = sent ? sent.subject : version?.subject;
  const html = sent ? sent.html : (version?.content ?? null);
  const text = sent ? sent.text : (version?.contentText ?? '');
  return (
    <section className="space-y-2 text-sm" data-testid="campaign-message">
      <h3 className="font-medium text-slate-900 dark:text-slate-100">{t('message')}</h3>
      {version && (
        <p className="text-slate-600 dark:text-slate-300" data-testid="campaign-version">
          {t('versionOf', { date: formatDateTime(version.savedAt, locale) })}
          {version.changedSince ? <span className="text-amber-700 dark:text-amber-300"> · {t('changedSince')}</span> : null}
        </p>
      )}
      <p className="text-slate-500 dark:text-slate-400">{sent ? t('sentTo', { address: sent.toAddress, date: formatDateTime(sent.sentAt, locale) }) : t('pinnedContent')}</p>
      {channel === 0 && subject ? (
        <p>
          <span className="text-slate-500 dark:text-slate-400">{t('subject')}: </span>
          <span className="font-medium break-words">{subject}</span>
        </p>
      ) : null}
      {channel === 0 && html ? (
        // Sandboxed like the message preview: no scripts, forms or navigation. Same-origin only so
        // that Escape pressed inside it (a keyboard user tabs into the frame) closes the dialog too.
        <iframe
          title={t('message')}
          sandbox="allow-same-origin"
          srcDoc={html}
          onLoad={(event) => event.currentTarget.contentDocument?.addEventListener('keydown', (key) => key.key === 'Escape' && onClose())}
          className="h-72 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
        />
      ) : (
        <div className="rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 whitespace-pre-wrap break-words dark:bg-slate-800">{text}</div>
      )}
    </section>
  );
}
