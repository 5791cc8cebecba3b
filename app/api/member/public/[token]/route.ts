import { notAllowed } from '@/lib/api/not-allowed';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { loadPublicConsent } from '@/lib/consent/public-consent';

const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** GET /api/member/public/{token}: what the contact's public page shows. Never changes consent. */
export const GET = route({ auth: 'public', params: tokenParams }, (ctx, { params }) => loadPublicConsent(ctx.db, params.token));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
