'use client';

import type { MerchantProfile } from '@/lib/merchant/service';
import { useState } from 'react';
import { BasicInfoCard } from './basic-info-card';
import { PhoneCard } from './phone-card';
import { ServiceEmailCard } from './service-email-card';

/** The three profile cards share one copy of the profile, updated by each action's answer. */
export function ProfileClient({ profile: initial }: { profile: MerchantProfile }) {
  const [profile, setProfile] = useState(initial);
  return (
    <div className="grid max-w-3xl gap-5">
      <BasicInfoCard profile={profile} onSaved={setProfile} />
      <PhoneCard profile={profile} onVerified={setProfile} />
      <ServiceEmailCard profile={profile} onChange={setProfile} />
    </div>
  );
}
