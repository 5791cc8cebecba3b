import { route } from '@/lib/api/route';
import { quickAddContact } from '@/lib/contacts/save-contact';
import { quickAddInput } from '@/lib/contacts/schema';

/** POST /api/member/quick {name, email?, phone?, locationId?}: the name is split by the locale's order. */
export const POST = route({ auth: 'user', body: quickAddInput }, (ctx, { body }) => quickAddContact(ctx, body, { source: 'api' }));
