import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { enableTwoFactor } from '@/lib/auth/two-factor/enrol';
import { enableTwoFactorSchema } from '@/lib/auth/two-factor/schema';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { bearerFrom } from '@/lib/http/bearer';

/**
 * Turn on, second half: the app's current code; answers the 10 recovery codes, once. Every other
 * session ends; the calling token's session stays and receives a new access token.
 */
export const POST = route({ auth: 'user', body: enableTwoFactorSchema, successKey: 'twoFactor.enabled' }, async (ctx, { body, request }) => {
  const token = bearerFrom(request.headers.get('authorization'));
  const claims = token ? await verifyAccessToken(token, ctx.now()) : null;
  return enableTwoFactor(ctx, body, claims?.familyId ?? null);
});

const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
