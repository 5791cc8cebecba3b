import { route } from '@/lib/api/route';
import { validateRegistrationCode } from '@/lib/auth/registration';
import { validateEmailCodeSchema } from '@/lib/auth/schema';

/** Checks the code; answers the verification token the details step (/user/register) needs. */
export const POST = route({ auth: 'public', body: validateEmailCodeSchema }, (ctx, { body }) => validateRegistrationCode(ctx, body));
