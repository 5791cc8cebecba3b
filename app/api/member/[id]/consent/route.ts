import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { changeConsent } from '@/lib/contacts/change-consent';
import { consentInput, idParams } from '@/lib/contacts/schema';

/** POST /api/member/{id}/consent {channel, action}: history row and current state, answers the contact. */
export const POST = route({ auth: 'user', params: idParams, body: consentInput }, (ctx, { params, body }) => changeConsent(ctx, params.id, body, 'api'));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
