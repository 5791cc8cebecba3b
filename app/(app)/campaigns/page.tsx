import { redirect } from 'next/navigation';

/** Spec section 2: /campaigns opens the campaign list tab. */
export default function CampaignsIndex() {
  redirect('/campaigns/campaigns');
}
