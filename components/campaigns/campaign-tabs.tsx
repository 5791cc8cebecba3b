'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { LinkTabs } from '@/components/ui/link-tabs';

/** The tabs of spec section 2; only the two list routes show them. */
export function CampaignTabs() {
  const t = useTranslations('campaigns.tabs');
  const pathname = usePathname();
  if (pathname !== '/campaigns/campaigns' && pathname !== '/campaigns/templates') return null;
  return (
    <LinkTabs
      aria-label={t('label')}
      className="mb-4"
      items={[
        { href: '/campaigns/campaigns', label: t('campaigns'), active: pathname === '/campaigns/campaigns' },
        { href: '/campaigns/templates', label: t('templates'), active: pathname === '/campaigns/templates' },
      ]}
    />
  );
}
