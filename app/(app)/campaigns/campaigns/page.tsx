import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { CampaignList } from '@/components/campaigns/campaign-list';
import { CampaignListSkeleton } from '@/components/campaigns/campaign-list-skeleton';
import { CampaignTabs } from '@/components/campaigns/campaign-tabs';
import { campaignListInput, campaignQueryFromParams } from '@/components/campaigns/campaign-query';
import { RequestMenu } from '@/components/campaigns/request-menu';
import { SendingSettingsButton } from '@/components/campaigns/sending-settings-button';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { listQuerySchema, type ListQuery } from '@/lib/campaigns/schema';
import { listCampaigns } from '@/lib/campaigns/list-campaigns';
import type { ServiceContext } from '@/lib/context';
import { ClientMessages } from '@/components/i18n/client-messages';
import { outboxChannels } from '@/lib/messaging/outbox-mode';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('campaigns.list');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The campaign list (spec section 2); the page its URL asks for renders on the server. The heading
 * goes out with the first paint and the list follows in its own boundary: a page revealed after
 * the browser's first frame waits 300 ms more (React's reveal throttle, bench/RESULTS.md 2026-11-28).
 */
export default async function CampaignsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('campaigns.list');
  const raw = await searchParams;
  const query = campaignQueryFromParams({ get: (name) => [raw[name]].flat()[0] ?? null });
  // A hand-edited URL with a bad value falls back to the first page rather than an error page.
  const parsed = listQuerySchema.safeParse(campaignListInput(query));
  return (
    <>
      <CampaignTabs active="campaigns" />
      <ClientMessages namespaces={['campaigns', 'common', 'deliverability.confirmSend', 'sending.reasons', 'sending.review', 'sending.summary', 'ui', 'validation']}>
        <PageHeader title={t('title')} description={t('description')} actions={<><SendingSettingsButton /><RequestMenu /></>} />
        <Suspense fallback={<CampaignListSkeleton />}>
          <CampaignResults ctx={ctx} input={parsed.success ? parsed.data : listQuerySchema.parse({ pageNum: 1, pageSize: 10 })} />
        </Suspense>
      </ClientMessages>
    </>
  );
}

async function CampaignResults({ ctx, input }: { ctx: ServiceContext; input: ListQuery }) {
  const first = await listCampaigns(ctx, input);
  // Messages of a channel with no real transport are kept in the outbox: the list says so.
  const kept = outboxChannels();
  return <CampaignList initial={{ total: first.total, records: first.records }} keptInOutbox={kept} />;
}
