import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { userRole } from '@/lib/auth/user-role';
import { refreshServiceEmailStatus } from '@/lib/merchant/service-email';
import { ProfileClient } from './profile-client';
import { ClientMessages } from '@/components/i18n/client-messages';
import { DomainCheckCard } from '@/components/deliverability/domain-check-card';
import { lastDomainReport } from '@/lib/deliverability/sender-domain';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.profile');
  return { title: t('title') };
}

/** Merchant profile (spec section 2): name, address, verified phone, service e-mail and its status; read-only for staff. */
export default async function ProfilePage() {
  const { ctx } = await requireSession();
  const t = await getTranslations('accounts.profile');
  const [profile, role, report] = await Promise.all([refreshServiceEmailStatus(ctx), userRole(ctx), lastDomainReport(ctx)]);
  return (
    <ClientMessages namespaces={['accounts.profile', 'accounts.settings', 'accounts.validation', 'team', 'validation', 'deliverability', 'common']}>
      <PageHeader title={t('title')} description={t('description')} />
      <ProfileClient profile={profile} readOnly={role !== 'owner'} />
      {/* Outside the owner-only fieldset: any member may check the domain; only the owner replaces the key. */}
      <div className="mt-5 max-w-3xl min-w-0">
        <DomainCheckCard report={report} hasServiceEmail={Boolean(profile.serviceEmail)} isOwner={role === 'owner'} />
      </div>
    </ClientMessages>
  );
}
