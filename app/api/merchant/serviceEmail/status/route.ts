import { route } from '@/lib/api/route';
import { refreshServiceEmailStatus } from '@/lib/merchant/service-email';

/** The refresh action: the current verification status (a stale Pending becomes Failed). */
export const GET = route({ auth: 'user' }, (ctx) => refreshServiceEmailStatus(ctx));
