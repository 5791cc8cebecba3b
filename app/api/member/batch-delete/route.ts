import { route } from '@/lib/api/route';
import { deleteContacts } from '@/lib/contacts/delete-contacts';
import { batchDeleteInput } from '@/lib/contacts/schema';

/** POST /api/member/batch-delete {ids}: answers {deleted}; ids of other merchants are ignored. */
export const POST = route({ auth: 'user', body: batchDeleteInput }, (ctx, { body }) => deleteContacts(ctx, body.ids));
