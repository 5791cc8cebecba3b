import { AppError } from '@/lib/api/app-error';
import { route } from '@/lib/api/route';
import { refreshTokenPair } from '@/lib/auth/service';
import { bearerFrom } from '@/lib/auth/tokens';

/** The refresh token as the bearer header; answers a new pair and spends the old refresh token. */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  const token = bearerFrom(request.headers.get('authorization'));
  if (!token) throw new AppError('UNAUTHORIZED', 'errors.auth.noRefreshToken');
  return refreshTokenPair(ctx, token);
});
