import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { userRole } from '@/lib/auth/user-role';
import { readTheme } from '@/lib/theme/read-theme';
import { readAppearance } from '@/lib/theme/read-appearance';
import { twoFactorStatus } from '@/lib/auth/two-factor/enrol';
import { AccountCards } from '@/components/settings/account-cards';
import { SettingsClient } from './settings-client';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.settings');
  return { title: t('title') };
}

/** Settings (spec section 2): appearance, language, policies, contact, log out, delete account. */
export default async function SettingsPage() {
  const { user, ctx } = await requireSession();
  const t = await getTranslations('accounts.settings');
  return (
    <ClientMessages namespaces={['accounts.password', 'accounts.sessions', 'accounts.settings', 'accounts.validation', 'appearance', 'common', 'smsWebhook', 'subscription', 'team', 'theme', 'twoFactor', 'validation']}>
      <PageHeader title={t('title')} description={t('description')} />
      <SettingsClient theme={await readTheme()} appearance={await readAppearance()} email={user.email} role={await userRole(ctx)} twoFactor={await twoFactorStatus(ctx)} accountCards={<AccountCards ctx={ctx} />} />
    </ClientMessages>
  );
}
