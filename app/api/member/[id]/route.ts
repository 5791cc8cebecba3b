import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { deleteContact } from '@/lib/contacts/delete-contacts';
import { getContact } from '@/lib/contacts/get-contact';
import { updateContact } from '@/lib/contacts/save-contact';
import { contactInput, idParams } from '@/lib/contacts/schema';

export const GET = route({ auth: 'user', params: idParams }, (ctx, { params }) => getContact(ctx, params.id));

export const PUT = route({ auth: 'user', params: idParams, body: contactInput }, (ctx, { params, body }) => updateContact(ctx, params.id, body, { source: 'api' }));

export const DELETE = route({ auth: 'user', params: idParams }, (ctx, { params }) => deleteContact(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'PUT', 'DELETE');
export { notServed as POST, notServed as PATCH };
