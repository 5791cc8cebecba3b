import { notAllowed } from '@/lib/api/not-allowed';
import { publicTokenParams } from '@/lib/consent/schema';
import { route } from '@/lib/api/route';
import { loadPublicConsent } from '@/lib/consent/public-consent';


/** GET /api/member/public/{token}: what the contact's public page shows. Never changes consent. */
export const GET = route({ auth: 'public', params: publicTokenParams }, (ctx, { params }) => loadPublicConsent(ctx.db, params.token));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
