import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { login } from '@/lib/auth/login';
import { loginSchema } from '@/lib/auth/schema';

/** Answers accessToken (JWT, 15 min), refreshToken (opaque, 30 days) and the signed-in user state. */
export const POST = route({ auth: 'public', body: loginSchema }, (ctx, { body }) => login(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
