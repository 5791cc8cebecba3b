import { route } from '@/lib/api/route';
import { changeConsent } from '@/lib/contacts/change-consent';
import { consentInput, idParams } from '@/lib/contacts/schema';

/** POST /api/member/{id}/consent {channel, action}: history row and current state, answers the contact. */
export const POST = route({ auth: 'user', params: idParams, body: consentInput }, (ctx, { params, body }) => changeConsent(ctx, params.id, body, 'api'));
