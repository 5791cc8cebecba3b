import { route } from '@/lib/api/route';
import { startTrial } from '@/lib/subscription/service';

/** Starts the merchant's one 14-day trial; 409 if a trial was used or a plan is active. */
export const POST = route({ auth: 'user', successKey: 'subscription.trialStarted' }, (ctx) => startTrial(ctx));
