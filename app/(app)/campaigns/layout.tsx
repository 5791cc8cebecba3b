import { CampaignTabs } from '@/components/campaigns/campaign-tabs';

/** /campaigns/*: the 'Campaigns' | 'Templates' tabs above the two lists (hidden on the forms). */
export default function CampaignsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <CampaignTabs />
      {children}
    </>
  );
}
