import { route } from '@/lib/api/route';
import { sourcesOverview } from '@/lib/sources/overview';

export const GET = route({ auth: 'user' }, (ctx) => sourcesOverview(ctx));
