import { route } from '@/lib/api/route';
import { syncSource } from '@/lib/sources/sync';
import { sourceIdParams } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', params: sourceIdParams, successKey: 'sources.synced' }, (ctx, { params }) => syncSource(ctx.db, ctx.merchantId, params.id, { now: ctx.now }));
