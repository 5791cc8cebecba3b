import { notAllowed } from '@/lib/api/not-allowed';
import { AppError } from '@/lib/errors/app-error';
import { route } from '@/lib/api/route';
import { refreshTokenPair } from '@/lib/auth/token-pairs';
import { bearerFrom } from '@/lib/http/bearer';

/** The refresh token as the bearer header; answers a new pair and spends the old refresh token. */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  const token = bearerFrom(request.headers.get('authorization'));
  if (!token) throw new AppError('UNAUTHORIZED', 'errors.auth.noRefreshToken');
  return refreshTokenPair(ctx, token);
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
