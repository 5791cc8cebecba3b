import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { startTrial } from '@/lib/subscription/start-trial';

/** Starts the merchant's one 14-day trial; 409 if a trial was used or a plan is active. */
export const POST = route({ auth: 'user', successKey: 'subscription.trialStarted' }, (ctx) => startTrial(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
