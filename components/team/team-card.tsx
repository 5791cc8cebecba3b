'use client';

import { Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { UserRole } from '@/lib/auth/user-role';
import { listTeamAction } from '@/lib/team/actions';
import type { Team } from '@/lib/team/list-team';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';

/**
 * Settings' Team section. The owner sees the members and pending invitations and manages them;
 * staff see only who manages the team (every team call answers 403 for them).
 */
export function TeamCard({ role }: { role: UserRole }) {
  const t = useTranslations('team');
  return (
    <Card data-testid="team-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-4.5 text-slate-400" aria-hidden="true" />
          {t('title')}
        </CardTitle>
        <CardDescription>{t(role === 'owner' ? 'lead' : 'staffNote')}</CardDescription>
      </CardHeader>
      {role === 'owner' && <OwnerTeam />}
    </Card>
  );
}

function OwnerTeam() {
  const t = useTranslations('team');
  const [team, setTeam] = useState<Team | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = useCallback((result: Awaited<ReturnType<typeof listTeamAction>>) => {
    if (result.ok) {
      setTeam(result.data);
      setError(null);
    } else setError(result.message);
  }, []);
  const reload = useCallback(async () => apply(await listTeamAction({})), [apply]);

  useEffect(() => {
    let live = true;
    void listTeamAction({}).then((result) => {
      if (live) apply(result);
    });
    return () => {
      live = false;
    };
  }, [apply]);

  return (
    <CardContent className="flex flex-col gap-6">
      <InviteForm onInvited={reload} />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {!team && !error ? (
        <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label={t('loading')}>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : null}
      {team && (
        <>
          <section aria-labelledby="team-members-heading" className="flex flex-col gap-2">
            <h3 id="team-members-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
              {t('members', { count: team.members.length })}
            </h3>
            <MemberList members={team.members} onChanged={reload} />
          </section>
          <section aria-labelledby="team-invitations-heading" className="flex flex-col gap-2">
            <h3 id="team-invitations-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
              {t('invitations', { count: team.invitations.length })}
            </h3>
            {team.invitations.length ? (
              <InvitationList invitations={team.invitations} onChanged={reload} />
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('noInvitations')}</p>
            )}
          </section>
        </>
      )}
    </CardContent>
  );
}
