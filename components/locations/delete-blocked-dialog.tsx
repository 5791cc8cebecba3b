'use client';

import { AlertTriangle, Megaphone } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';

export interface BlockedDelete {
  name: string;
  /** The server's translated refusal, naming the campaigns. */
  message: string;
  campaigns: { campaignId: number; campaignName: string }[];
}

/** A refused delete, said plainly: which campaigns hold the location, and where to change them. */
export function DeleteBlockedDialog({ blocked, onOpenChange }: { blocked: BlockedDelete | null; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('locations');
  const tc = useTranslations('common');
  return (
    <Dialog open={blocked !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm" role="alertdialog">
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300">
            <AlertTriangle className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>{t('deleteBlocked')}</DialogTitle>
          <DialogDescription>{blocked?.message}</DialogDescription>
        </DialogHeader>
        {blocked && blocked.campaigns.length > 0 && (
          <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-800" aria-label={t('campaignsUsing', { name: blocked.name })}>
            {blocked.campaigns.map((c) => (
              <li key={c.campaignId} className="flex items-center gap-2 rounded-md px-2 py-1.5 text-slate-700 dark:text-slate-200">
                <Megaphone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="truncate">{c.campaignName}</span>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {tc('close')}
          </Button>
          <Button asChild>
            <Link href="/campaigns/campaigns">{t('viewCampaigns')}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
