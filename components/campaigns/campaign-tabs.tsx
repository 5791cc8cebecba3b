import { getTranslations } from 'next-intl/server';
import { LinkTabs } from '@/components/ui/link-tabs';

/**
 * The tabs of spec section 2 above the two lists. Each list page renders them on the server with its
 * own tab active (no client code: the forms under /campaigns no longer load them, issue 22).
 */
export async function CampaignTabs({ active }: { active: 'campaigns' | 'templates' }) {
  const t = await getTranslations('campaigns.tabs');
  return (
    <LinkTabs
      aria-label={t('label')}
      className="mb-4"
      items={[
        { href: '/campaigns/campaigns', label: t('campaigns'), active: active === 'campaigns' },
        { href: '/campaigns/templates', label: t('templates'), active: active === 'templates' },
      ]}
    />
  );
}
