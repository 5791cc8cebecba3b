'use client';

import type { MerchantProfile } from '@/lib/merchant/profile';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BasicInfoCard } from './basic-info-card';
import { PhoneCard } from './phone-card';
import { ServiceEmailCard } from './service-email-card';

/**
 * The three profile cards share one copy of the profile, updated by each action's answer. Staff
 * see them read-only (a disabled fieldset): only the owner changes the merchant's details.
 */
export function ProfileClient({ profile: initial, readOnly = false }: { profile: MerchantProfile; readOnly?: boolean }) {
  const t = useTranslations('team');
  const [profile, setProfile] = useState(initial);
  return (
    <fieldset disabled={readOnly} className="grid max-w-3xl min-w-0 gap-5 [&:disabled_button]:opacity-60">
      {readOnly && (
        <p role="note" data-testid="profile-read-only" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          {t('profileReadOnly')}
        </p>
      )}
      <BasicInfoCard profile={profile} onSaved={setProfile} />
      <PhoneCard profile={profile} onVerified={setProfile} />
      <ServiceEmailCard profile={profile} onChange={setProfile} />
    </fieldset>
  );
}
