import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { twoFactorStatus } from '@/lib/auth/two-factor/enrol';

/** Whether two-step verification is on for the calling user, and how many recovery codes are left. */
export const GET = route({ auth: 'user' }, (ctx) => twoFactorStatus(ctx));

const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
