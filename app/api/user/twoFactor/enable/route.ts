import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { enableTwoFactor } from '@/lib/auth/two-factor/enrol';
import { enableTwoFactorSchema } from '@/lib/auth/two-factor/schema';

/** Turn on, second half: the app's current code; answers the 10 recovery codes, once. */
export const POST = route({ auth: 'user', body: enableTwoFactorSchema, successKey: 'twoFactor.enabled' }, (ctx, { body }) => enableTwoFactor(ctx, body));

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
