import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { INVITATION_REFUSALS, readInvitation } from '@/lib/team/accept-invitation';
import { InviteForm } from './invite-form';
import { AuthHeader } from '@/components/shell/auth-header';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValue } from '@/lib/http/search-params';
import { SessionAnnouncer } from '@/components/session/session-announcer';
import { SignedInNotice } from '@/components/session/signed-in-notice';
import { currentSession } from '@/lib/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('team.accept');
  return { title: t('title'), robots: { index: false } };
}

/** The page a team invitation's link opens (public: the token is the proof). */
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations('team.accept');
  const tm = await getTranslations();
  const token = firstValue((await searchParams).token);
  const state = token && token.length <= 200 ? await readInvitation(await getDb(), token, new Date()) : ({ ok: false, reason: 'invalid' } as const);
  // Accepting signs the browser in as the new member: a session it holds ends (say so first).
  const current = await currentSession();
  return (
    <ClientMessages namespaces={['accounts.portal', 'accounts.settings', 'accounts.validation', 'nav', 'team.accept', 'validation']}>
      <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
        <AuthHeader />
        <main className="flex flex-1 items-start justify-center px-6 pt-10 mobile:px-4">
          <Card className="w-full max-w-md">
            <CardContent className="flex flex-col gap-5 px-6 py-8">
              <h1 className="text-center text-xl font-semibold text-slate-900 dark:text-white">{t('title')}</h1>
              <SessionAnnouncer userId={current?.user.userId ?? null} />
              {state.ok && token ? (
                <>
                  <p className="text-center text-sm text-slate-600 dark:text-slate-300">{t('lead', { merchant: state.invitation.merchantName })}</p>
                  {current && <SignedInNotice user={current.user} action="acceptInvitation" />}
                  <InviteForm token={token} email={state.invitation.email} />
                </>
              ) : (
                <>
                  <p role="alert" className="text-center text-sm text-red-600 dark:text-red-400">
                    {tm(INVITATION_REFUSALS[state.ok ? 'invalid' : state.reason])}
                  </p>
                  <Button asChild variant="secondary">
                    <Link href="/login">{t('toLogin')}</Link>
                  </Button>
                </>
              )}
            </CardContent>
          </Card>
        </main>
      </div>
    </ClientMessages>
  );
}
