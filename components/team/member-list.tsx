'use client';

import { Crown, UserMinus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import type { Locale } from '@/lib/i18n/locales';
import { removeMemberAction, setPostPermissionAction, transferOwnershipAction } from '@/lib/team/actions';
import type { TeamMember } from '@/lib/team/list-team';
import { notify } from '@/lib/notify/notify';
import { formatDate } from '@/lib/time/format';

export function MemberList({ members, onChanged }: { members: TeamMember[]; onChanged: () => Promise<void> }) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700" data-testid="team-members">
      {members.map((m) => (
        <MemberRow key={m.userId} member={m} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function MemberRow({ member, onChanged }: { member: TeamMember; onChanged: () => Promise<void> }) {
  const t = useTranslations('team');
  const locale = useLocale() as Locale;
  const confirm = useConfirm();
  const router = useRouter();
  const [pending, start] = useTransition();
  const switchId = `team-post-${member.userId}`;

  const run = (action: () => Promise<{ ok: boolean; message?: string }>, after?: () => void) =>
    start(async () => {
      const result = await action();
      if (!result.ok) return notify.warning(result.message ?? '');
      if (result.message) notify.success(result.message);
      if (after) after();
      else await onChanged();
    });

  const remove = async () => {
    if (await confirm({ title: t('confirmRemove.title', { name: member.name }), description: t('confirmRemove.description', { email: member.email }), confirmLabel: t('remove'), danger: true })) {
      run(() => removeMemberAction({ id: member.userId }));
    }
  };
  const transfer = async () => {
    if (await confirm({ title: t('confirmTransfer.title', { name: member.name }), description: t('confirmTransfer.description', { name: member.name }), confirmLabel: t('confirmTransfer.confirm'), danger: true })) {
      // The caller is staff from now on: the settings page renders again with the staff view.
      run(() => transferOwnershipAction({ id: member.userId }), () => router.refresh());
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3" data-testid={`team-member-${member.email}`} aria-busy={pending || undefined}>
      <div className="min-w-0 flex-1 basis-52">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
          <span className="truncate">{member.name}</span>
          <Badge tone={member.role === 'owner' ? 'primary' : 'neutral'}>{t(`roles.${member.role}`)}</Badge>
          {member.you && <Badge tone="info">{t('you')}</Badge>}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">{member.email}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('joined', { date: formatDate(member.joinedAt, locale) })}</p>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={switchId} size="sm" checked={member.canManagePosts} disabled={pending} onCheckedChange={(next) => run(() => setPostPermissionAction({ id: member.userId, canManagePosts: next }))} />
        <label htmlFor={switchId} className="text-sm text-slate-700 dark:text-slate-200">
          {t('postPermission')}
        </label>
      </div>
      {member.role === 'staff' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={pending} onClick={transfer} aria-label={t('makeOwnerFor', { name: member.name })}>
            <Crown aria-hidden="true" />
            {t('makeOwner')}
          </Button>
          <Button variant="ghost" size="sm" disabled={pending} onClick={remove} aria-label={t('removeFor', { name: member.name })} className="text-red-600 hover:text-red-700 dark:text-red-400">
            <UserMinus aria-hidden="true" />
            {t('remove')}
          </Button>
        </div>
      )}
    </li>
  );
}
