import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listContacts } from '@/lib/contacts/list-contacts';
import { createContact } from '@/lib/contacts/save-contact';
import { contactInput, listQuery } from '@/lib/contacts/schema';

/** GET /api/member: one page of contacts with the list's filters. */
export const GET = route({ auth: 'user', query: listQuery }, (ctx, { query }) => listContacts(ctx, query));

/** POST /api/member: create a contact (the detailed form's fields). */
export const POST = route({ auth: 'user', body: contactInput }, (ctx, { body }) => createContact(ctx, body, { source: 'api' }));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'POST');
export { notServed as PUT, notServed as PATCH, notServed as DELETE };
