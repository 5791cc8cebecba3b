import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { deleteContacts } from '@/lib/contacts/delete-contacts';
import { batchDeleteInput } from '@/lib/contacts/schema';

/** POST /api/member/batch-delete {ids}: answers {deleted}; ids of other merchants are ignored. */
export const POST = route({ auth: 'user', body: batchDeleteInput }, (ctx, { body }) => deleteContacts(ctx, body.ids));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
