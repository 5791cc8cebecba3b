import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { assertCronSecret } from '@/lib/auth/cron';
import { syncAllSources } from '@/lib/sources/sync';

/** For a platform scheduler: `Authorization: Bearer $CRON_SECRET`. Without a secret the route is off. */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  assertCronSecret(request);
  return syncAllSources(ctx.db, { now: ctx.now });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
