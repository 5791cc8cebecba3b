import { route } from '@/lib/api/route';
import { getSubscription } from '@/lib/subscription/service';

/** currentStatus (TRIAL_ACTIVE means trialing), trialEndTime, plan. */
export const GET = route({ auth: 'user' }, (ctx) => getSubscription(ctx));
