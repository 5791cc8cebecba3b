import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { clientAddress } from '@/lib/http/client-address';
import { regenerateRecoveryCodes } from '@/lib/auth/two-factor/manage';
import { confirmTwoFactorSchema } from '@/lib/auth/two-factor/schema';

/** New recovery codes (the old ones stop working): the current password and a code. */
export const POST = route({ auth: 'user', body: confirmTwoFactorSchema }, (ctx, { body, request }) => regenerateRecoveryCodes(ctx, body, clientAddress(request.headers)));

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
