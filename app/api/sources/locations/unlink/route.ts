import { route } from '@/lib/api/route';
import { unlinkLocation } from '@/lib/sources/link';
import { unlinkSchema } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', body: unlinkSchema, successKey: 'sources.unlinked' }, (ctx, { body }) => unlinkLocation(ctx, body));
