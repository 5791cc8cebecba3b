'use client';

import { Ban, CalendarClock, Eye, Info, MoreHorizontal, Pause, Pencil, Play, Send, Trash2, Undo2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { campaignStatusAction, deleteCampaignsAction } from '@/lib/campaigns/actions';
import type { CampaignRecord } from '@/lib/campaigns/record';
import type { StatusAction } from '@/lib/campaigns/state-machine';
import { notify } from '@/lib/notify/notify';

const icons = { send: Send, schedule: CalendarClock, pause: Pause, resume: Play, revert: Undo2, stop: Ban } as const;
const ORDER: StatusAction[] = ['send', 'schedule', 'pause', 'resume', 'revert', 'stop'];

/**
 * Exactly the actions the server allows in the row's status (the record carries them), each
 * behind a confirmation; then the server's message (or a default), or a warning; then a reload.
 */
export function CampaignRowMenu({ record, onChanged, onDetails, onPreview }: { record: CampaignRecord; onChanged: () => void; onDetails: () => void; onPreview: () => void }) {
  const t = useTranslations('campaigns');
  const td = useTranslations('deliverability.confirmSend');
  const router = useRouter();
  const confirm = useConfirm();
  const allowed = new Set(record.allowedActions);
  const name = record.campaignName;

  async function run(action: StatusAction) {
    const description = action === 'send' && record.status === 1 ? t('confirm.sendScheduled', { name }) : t(`confirm.${action}`, { name });
    const ok = await confirm({ title: t('confirm.title', { action: t(`actions.${action}`) }), description, confirmLabel: t(`actions.${action}`), danger: action === 'stop' });
    if (!ok) return;
    try {
      let res = await campaignStatusAction({ id: record.campaignId, action });
      // Complaints over the line: the owner confirms this campaign (staff are only told).
      if (!res.ok && res.details?.confirm === 'complaintRate' && !res.details.owner) {
        if (!(await confirm({ title: td('title'), description: res.message, confirmLabel: td('action'), danger: true }))) return onChanged();
        res = await campaignStatusAction({ id: record.campaignId, action, confirm: 'complaintRate' });
      }
      if (res.ok) notify.success(res.message || res.data.message || t(`messages.${action}`));
      else notify.warning(res.message || t('errors.actionFailed'));
    } catch {
      notify.warning(t('errors.actionFailed'));
    }
    onChanged();
  }

  async function remove() {
    const ok = await confirm({ title: t('confirm.title', { action: t('actions.delete') }), description: t('confirm.delete', { name }), confirmLabel: t('actions.delete'), danger: true });
    if (!ok) return;
    try {
      const res = await deleteCampaignsAction({ ids: [record.campaignId] });
      if (res.ok && res.data.deleted.length) notify.success(t('messages.deleted'));
      else notify.warning(res.ok ? t('errors.notDeletable') : res.message || t('errors.deleteFailed'));
    } catch {
      notify.warning(t('errors.deleteFailed'));
    }
    onChanged();
  }

  const statusItems = ORDER.filter((a) => allowed.has(a));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('list.rowActions', { name })} data-testid={`row-menu-${record.campaignId}`}>
          <MoreHorizontal className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {statusItems.map((action) => {
          const Icon = icons[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => void run(action)} danger={action === 'stop'}>
              <Icon className="size-4" aria-hidden />
              {t(`actions.${action}`)}
            </DropdownMenuItem>
          );
        })}
        {statusItems.length > 0 && <DropdownMenuSeparator />}
        <DropdownMenuItem onSelect={onDetails}>
          <Info className="size-4" aria-hidden />
          {t('actions.details')}
        </DropdownMenuItem>
        {allowed.has('edit') && (
          <DropdownMenuItem onSelect={() => router.push(`/campaigns/${record.campaignChannel === 0 ? 'email' : 'sms'}-request?id=${record.campaignId}`)}>
            <Pencil className="size-4" aria-hidden />
            {t('actions.edit')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onPreview}>
          <Eye className="size-4" aria-hidden />
          {t('actions.preview')}
        </DropdownMenuItem>
        {allowed.has('delete') && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem danger onSelect={() => void remove()}>
              <Trash2 className="size-4" aria-hidden />
              {t('actions.delete')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
