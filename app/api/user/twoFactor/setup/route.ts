import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { startTwoFactor } from '@/lib/auth/two-factor/enrol';
import { startTwoFactorSchema } from '@/lib/auth/two-factor/schema';

/** Turn on, first half: a new secret (base32 and otpauth:// URI), pending until /enable confirms it. */
export const POST = route({ auth: 'user', body: startTwoFactorSchema }, (ctx) => startTwoFactor(ctx));

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
