import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { quickAddContact } from '@/lib/contacts/save-contact';
import { quickAddInput } from '@/lib/contacts/schema';

/** POST /api/member/quick {name, email?, phone?, locationId?}: the name is split by the locale's order. */
export const POST = route({ auth: 'user', body: quickAddInput }, (ctx, { body }) => quickAddContact(ctx, body, { source: 'api' }));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
