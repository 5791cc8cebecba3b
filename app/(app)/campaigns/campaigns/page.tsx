import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CampaignList } from '@/components/campaigns/campaign-list';
import { CampaignTabs } from '@/components/campaigns/campaign-tabs';
import { campaignListInput, campaignQueryFromParams } from '@/components/campaigns/campaign-query';
import { requireSession } from '@/lib/auth/session';
import { listQuerySchema } from '@/lib/campaigns/schema';
import { listCampaigns } from '@/lib/campaigns/list-campaigns';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('campaigns.list');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The campaign list (spec section 2); the page its URL asks for renders on the server. */
export default async function CampaignsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireSession();
  const raw = await searchParams;
  const query = campaignQueryFromParams({ get: (name) => [raw[name]].flat()[0] ?? null });
  // A hand-edited URL with a bad value falls back to the first page rather than an error page.
  const parsed = listQuerySchema.safeParse(campaignListInput(query));
  const first = await listCampaigns(ctx, parsed.success ? parsed.data : listQuerySchema.parse({ pageNum: 1, pageSize: 10 }));
  return (
    <>
      <CampaignTabs active="campaigns" />
      <ClientMessages namespaces={['campaigns', 'common', 'sending.reasons', 'sending.review', 'sending.summary', 'ui', 'validation']}>
        <CampaignList initial={{ total: first.total, records: first.records }} />
      </ClientMessages>
    </>
  );
}
