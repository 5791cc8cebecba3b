import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { assertCronSecret } from '@/lib/auth/cron';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/** POST /api/cron/dispatch: one round of the sending engine, for a platform scheduler. */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  assertCronSecret(request);
  return dispatchOnce(ctx.db, { startDueScheduledCampaigns, transports: transportsFromEnv(ctx.db), now: ctx.now });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
