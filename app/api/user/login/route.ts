import { route } from '@/lib/api/route';
import { login } from '@/lib/auth/service';
import { loginSchema } from '@/lib/auth/schema';

/** Answers accessToken (JWT, 15 min), refreshToken (opaque, 30 days) and the signed-in user state. */
export const POST = route({ auth: 'public', body: loginSchema }, (ctx, { body }) => login(ctx, body));
