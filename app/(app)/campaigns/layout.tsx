import { CampaignTabs } from '@/components/campaigns/campaign-tabs';
import { ClientMessages } from '@/components/i18n/client-messages';

/** /campaigns/*: the 'Campaigns' | 'Templates' tabs above the two lists (hidden on the forms). */
export default function CampaignsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <ClientMessages namespaces={['campaigns.tabs']}>
        <CampaignTabs />
      </ClientMessages>
      {children}
    </>
  );
}
