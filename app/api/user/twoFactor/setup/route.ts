import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { clientAddress } from '@/lib/http/client-address';
import { startTwoFactor } from '@/lib/auth/two-factor/enrol';
import { startTwoFactorSchema } from '@/lib/auth/two-factor/schema';

/** Turn on, first half: the current password, then a new secret (base32 and otpauth:// URI), pending until /enable confirms it. */
export const POST = route({ auth: 'user', body: startTwoFactorSchema }, (ctx, { body, request }) => startTwoFactor(ctx, body, clientAddress(request.headers)));

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
