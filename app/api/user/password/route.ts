import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { changePassword } from '@/lib/auth/password-change';
import { changePasswordSchema } from '@/lib/auth/password-schema';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { bearerFrom } from '@/lib/http/bearer';
import { clientAddress } from '@/lib/http/client-address';

/**
 * Changes the password (the current one required, under the sign-in limit). The other sessions
 * end; the calling token's session stays and receives a new access token.
 */
export const PUT = route({ auth: 'user', body: changePasswordSchema, successKey: 'accounts.password.changed' }, async (ctx, { body, request }) => {
  const token = bearerFrom(request.headers.get('authorization'));
  const claims = token ? await verifyAccessToken(token, ctx.now()) : null;
  return changePassword(ctx, body, { familyId: claims?.familyId ?? null, ip: clientAddress(request.headers) });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('PUT');
export { notServed as GET, notServed as POST, notServed as PATCH, notServed as DELETE };
