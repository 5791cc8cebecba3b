import { route } from '@/lib/api/route';
import { listFieldKeys } from '@/lib/contacts/save-contact';

/** GET /api/member/fields: the merchant's custom-field keys. */
export const GET = route({ auth: 'user' }, (ctx) => listFieldKeys(ctx));
