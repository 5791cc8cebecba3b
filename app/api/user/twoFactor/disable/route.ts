import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { clientAddress } from '@/lib/http/client-address';
import { disableTwoFactor } from '@/lib/auth/two-factor/manage';
import { confirmTwoFactorSchema } from '@/lib/auth/two-factor/schema';

/** Turn off: the current password and a code (under the sign-in limit). */
export const POST = route({ auth: 'user', body: confirmTwoFactorSchema, successKey: 'twoFactor.disabled' }, (ctx, { body, request }) => disableTwoFactor(ctx, body, clientAddress(request.headers)));

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
