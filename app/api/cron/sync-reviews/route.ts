import { route } from '@/lib/api/route';
import { assertCronSecret } from '@/lib/auth/cron';
import { syncAllSources } from '@/lib/sources/sync';

/** For a platform scheduler: `Authorization: Bearer $CRON_SECRET`. Without a secret the route is off. */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  assertCronSecret(request);
  return syncAllSources(ctx.db, { now: ctx.now });
});
