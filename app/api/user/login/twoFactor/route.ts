import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { completeTwoFactorLogin } from '@/lib/auth/two-factor/second-step';
import { twoFactorLoginSchema } from '@/lib/auth/two-factor/schema';

/** The second step after a 456 from /user/login: the challenge and a code answer the token pair. */
export const POST = route({ auth: 'public', body: twoFactorLoginSchema }, (ctx, { body }) => completeTwoFactorLogin(ctx, body));

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
