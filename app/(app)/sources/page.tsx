import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { and, eq } from 'drizzle-orm';
import { requireSession } from '@/lib/auth/session';
import { userRole } from '@/lib/auth/user-role';
import { sourcesOverview } from '@/lib/sources/overview';
import { sourceAccounts } from '@/db/schema/sources';
import { formatDateTime } from '@/lib/time/format';
import { PageHeader } from '@/components/ui/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { StatusDot } from '@/components/ui/status-dot';
import { EmptyState } from '@/components/ui/empty-state';
import { RevokedBanner } from '@/components/sources/revoked-banner';
import { ConnectButton, SourceActions } from '@/components/sources/source-actions';
import { DrillDown } from '@/components/sources/drill-down';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValue } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sources');
  return { title: t('title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SourcesPage({ searchParams }: { searchParams: Search }) {
  const { ctx } = await requireSession();
  const sp = await searchParams;
  const t = await getTranslations('sources');
  const overview = await sourcesOverview(ctx);
  const wanted = Number(firstValue(sp.source));
  const source = overview.sources.find((s) => s.id === wanted) ?? overview.sources.find((s) => s.status === 'connected') ?? overview.sources[0];
  const account = firstValue(sp.account);
  const location = firstValue(sp.location);
  const accountName = source && account
    ? (await ctx.db.select({ name: sourceAccounts.name }).from(sourceAccounts).where(and(eq(sourceAccounts.sourceId, source.id), eq(sourceAccounts.merchantId, ctx.merchantId), eq(sourceAccounts.externalId, account))).limit(1))[0]?.name
    : undefined;
  const error = firstValue(sp.error);
  const revoked = overview.sources.filter((s) => s.status === 'revoked');
  const connectedAny = overview.sources.some((s) => s.status === 'connected');
  // Connecting and disconnecting are the owner's (lib/sources/connect.ts); staff sync and link.
  const owner = (await userRole(ctx)) === 'owner';
  const providerLabel = (p: string) => (p === 'google' ? t('providers.google') : t('providers.sandbox'));

  return (
    <ClientMessages namespaces={['common', 'sources']}>
      <PageHeader title={t('title')} description={t('description')} actions={owner && !connectedAny && overview.sources.length > 0 ? <ConnectButton provider={overview.provider} reconnect /> : undefined} />
      {!owner && <p className="mb-5 text-sm text-slate-500 dark:text-slate-400">{t('ownerNote')}</p>}
      <RevokedBanner revoked={revoked} showLink={false} />
      {firstValue(sp.connected) && (
        <p role="status" className="mb-5 flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {t('connectedFlash')}
        </p>
      )}
      {error?.startsWith('sources.errors.') && (
        <p role="alert" className="mb-5 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200">
          <XCircle className="size-4" aria-hidden="true" />
          {t(error.replace(/^sources\./, '') as 'errors.connectFailed')}
        </p>
      )}

      {overview.sources.length === 0 ? (
        <Card>
          <EmptyState
            icon={PlugZap}
            title={t('empty.title')}
            description={overview.provider === 'google' ? t('empty.google') : t('empty.sandbox')}
            action={owner ? <ConnectButton provider={overview.provider} /> : undefined}
          />
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-4 md:grid-cols-2">
            {overview.sources.map((s) => (
              <Card key={s.id} data-testid="source-card">
                <CardHeader actions={<SourceActions sourceId={s.id} connected={s.status === 'connected'} canDisconnect={owner} />}>
                  <CardTitle className="flex flex-wrap items-center gap-2">
                    {providerLabel(s.provider)}
                    {s.provider === 'sandbox' && <Badge tone="warning">{t('sandboxBadge')}</Badge>}
                  </CardTitle>
                  <CardDescription>
                    <StatusDot tone={s.status === 'connected' ? 'success' : s.status === 'revoked' ? 'danger' : 'neutral'} label={t(`status.${s.status}`)} />
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid grid-cols-2 gap-3 text-sm mobile:grid-cols-1">
                  <div>
                    <p className="text-slate-500 dark:text-slate-400">{t('lastSync')}</p>
                    <p className="tabular-nums">{s.lastSyncAt ? formatDateTime(s.lastSyncAt, ctx.locale) : t('never')}</p>
                  </div>
                  <div>
                    <p className="text-slate-500 dark:text-slate-400">{t('linkedCount')}</p>
                    <p>{overview.links.filter((l) => l.sourceId === s.id).map((l) => l.locationName).join(ctx.locale === 'en-US' ? ', ' : '、') || '-'}</p>
                  </div>
                  {s.status === 'connected' && s.lastSyncError && (
                    <p role="alert" className="col-span-full text-xs text-red-700 dark:text-red-300">
                      {t('lastSyncError')}
                    </p>
                  )}
                  {s.provider === 'sandbox' && <p className="col-span-full text-xs text-slate-500 dark:text-slate-400">{t('sandboxHint')}</p>}
                </CardContent>
              </Card>
            ))}
          </div>

          {source && source.status === 'connected' ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('browseTitle', { provider: providerLabel(source.provider) })}</CardTitle>
                <CardDescription>{t('browseHint')}</CardDescription>
              </CardHeader>
              <CardContent>
                <DrillDown
                  ctx={ctx}
                  sourceId={source.id}
                  providerName={providerLabel(source.provider)}
                  account={account}
                  accountName={accountName}
                  location={account ? location : undefined}
                  pageToken={firstValue(sp.pageToken)}
                  ourLocations={overview.locations.map((l) => ({ id: l.id, name: l.name }))}
                />
              </CardContent>
            </Card>
          ) : (
            <Card>
              <EmptyState icon={PlugZap} title={t('notConnectedTitle')} description={t('notConnectedBody')} action={owner ? <ConnectButton provider={overview.provider} reconnect /> : undefined} />
            </Card>
          )}
        </div>
      )}
    </ClientMessages>
  );
}
