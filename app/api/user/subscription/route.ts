import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { getSubscription } from '@/lib/subscription/get-subscription';

/** currentStatus (TRIAL_ACTIVE means trialing), trialEndTime, plan. */
export const GET = route({ auth: 'user' }, (ctx) => getSubscription(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
