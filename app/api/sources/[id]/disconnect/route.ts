import { route } from '@/lib/api/route';
import { disconnectSource } from '@/lib/sources/connect';
import { sourceIdParams } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', params: sourceIdParams, successKey: 'sources.disconnected' }, (ctx, { params }) => disconnectSource(ctx, params.id));
