'use client';

import { ExternalLink, Pencil } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import type { Locale } from '@/lib/i18n/locales';
import { countryName } from '@/lib/i18n/countries';
import { formatDateTime } from '@/lib/time/format';
import type { LocationRow } from './location-row';

export function LocationDetailsDialog({ row, onOpenChange, onEdit }: { row: LocationRow | null; onOpenChange: (open: boolean) => void; onEdit: (row: LocationRow) => void }) {
  const t = useTranslations('locations');
  const tc = useTranslations('common');
  const locale = useLocale() as Locale;
  return (
    <Dialog open={row !== null} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {row && (
          <>
            <DialogHeader>
              <DialogTitle>{row.locationName}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <span>{t('detailsTitle')}</span>
                <Badge tone={row.enabled ? 'primary' : 'neutral'}>{row.enabled ? t('status.enabled') : t('status.disabled')}</Badge>
                <Badge tone={row.connected ? 'success' : 'neutral'}>{row.connected ? t('connected') : t('notConnected')}</Badge>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm mobile:grid-cols-1 mobile:gap-y-1">
              <Item label={t('fields.address')} value={row.address} />
              <Item label={t('fields.city')} value={row.city} />
              <Item label={t('fields.state')} value={row.state} />
              <Item label={t('fields.country')} value={`${countryName(row.country, locale)} (${row.country})`} />
              <Item label={t('fields.zipCode')} value={row.zipCode || '-'} />
              <Item label={t('fields.phone')} value={row.phoneDisplay || '-'} />
              <Item label={t('fields.timezone')} value={row.timezone} />
              <Item
                label={t('fields.reviewLink')}
                value={
                  row.reviewLink ? (
                    <a href={row.reviewLink} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 break-all text-primary hover:underline">
                      {row.reviewLink}
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                    </a>
                  ) : (
                    '-'
                  )
                }
              />
              <Item label={t('fields.connected')} value={row.connected ? t('connected') : <span className="flex flex-col gap-0.5"><span>{t('notConnected')}</span><span className="text-xs text-slate-500 dark:text-slate-400">{t('hints.connection')}</span></span>} />
              <Item label={t('fields.createTime')} value={<span className="tabular-nums">{formatDateTime(row.createTime, locale)}</span>} />
              <Item label={t('fields.updateTime')} value={<span className="tabular-nums">{formatDateTime(row.updateTime, locale)}</span>} />
            </dl>
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                {tc('close')}
              </Button>
              <Button onClick={() => onEdit(row)}>
                <Pencil aria-hidden="true" />
                {t('actions.edit')}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400 mobile:mt-2">{label}</dt>
      <dd className="min-w-0 text-slate-900 dark:text-slate-100">{value}</dd>
    </>
  );
}
