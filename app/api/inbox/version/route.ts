import { route } from '@/lib/api/route';
import { inboxVersion } from '@/lib/inbox/service';

/** GET /api/inbox/version: the newest change and the unread total, for polling clients. */
export const GET = route({ auth: 'user' }, (ctx) => inboxVersion(ctx));
