'use client';

import { RotateCw, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { Locale } from '@/lib/i18n/locales';
import { resendInvitationAction, revokeInvitationAction } from '@/lib/team/actions';
import type { TeamInvitation } from '@/lib/team/list-team';
import { notify } from '@/lib/notify/notify';
import { formatDate } from '@/lib/time/format';

export function InvitationList({ invitations, onChanged }: { invitations: TeamInvitation[]; onChanged: () => Promise<void> }) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700" data-testid="team-invitations">
      {invitations.map((i) => (
        <InvitationRow key={i.invitationId} invitation={i} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function InvitationRow({ invitation, onChanged }: { invitation: TeamInvitation; onChanged: () => Promise<void> }) {
  const t = useTranslations('team');
  const locale = useLocale() as Locale;
  const confirm = useConfirm();
  const [pending, start] = useTransition();

  const run = (action: () => Promise<{ ok: boolean; message?: string }>) =>
    start(async () => {
      const result = await action();
      if (!result.ok) return notify.warning(result.message ?? '');
      if (result.message) notify.success(result.message);
      await onChanged();
    });

  const revoke = async () => {
    if (await confirm({ title: t('confirmRevoke.title', { email: invitation.email }), description: t('confirmRevoke.description'), confirmLabel: t('revoke'), danger: true })) {
      run(() => revokeInvitationAction({ id: invitation.invitationId }));
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid={`team-invitation-${invitation.email}`} aria-busy={pending || undefined}>
      <div className="min-w-0 flex-1 basis-52">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{invitation.email}</p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          {invitation.expired ? <Badge tone="warning">{t('expired')}</Badge> : t('expires', { date: formatDate(invitation.expiresAt, locale) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={pending} onClick={() => run(() => resendInvitationAction({ id: invitation.invitationId }))} aria-label={t('resendFor', { email: invitation.email })}>
          <RotateCw aria-hidden="true" />
          {t('resend')}
        </Button>
        <Button variant="ghost" size="sm" disabled={pending} onClick={revoke} aria-label={t('revokeFor', { email: invitation.email })} className="text-red-600 hover:text-red-700 dark:text-red-400">
          <X aria-hidden="true" />
          {t('revoke')}
        </Button>
      </div>
    </li>
  );
}
