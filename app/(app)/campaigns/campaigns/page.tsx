import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CampaignList } from '@/components/campaigns/campaign-list';
import { requireSession } from '@/lib/auth/session';
import { listQuerySchema } from '@/lib/campaigns/schema';
import { listCampaigns } from '@/lib/campaigns/service';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('campaigns.list');
  return { title: t('title') };
}

/** The campaign list (spec section 2); its first page renders on the server. */
export default async function CampaignsPage() {
  const { ctx } = await requireSession();
  const first = await listCampaigns(ctx, listQuerySchema.parse({ pageNum: 1, pageSize: 10 }));
  return <CampaignList initial={{ total: first.total, records: first.records }} />;
}
