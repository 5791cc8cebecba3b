import { route } from '@/lib/api/route';
import { linkLocation } from '@/lib/sources/link';
import { linkSchema } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', body: linkSchema, successKey: 'sources.linked' }, (ctx, { body }) => linkLocation(ctx, body));
