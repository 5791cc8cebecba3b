import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { templateBodySchema, templateIdSchema } from '@/lib/templates/schema';
import { deleteTemplate } from '@/lib/templates/delete-template';
import { getTemplate } from '@/lib/templates/get-template';
import { updateTemplate } from '@/lib/templates/save-template';

export const GET = route({ auth: 'user', params: templateIdSchema }, (ctx, { params }) => getTemplate(ctx, params.id));

export const PUT = route({ auth: 'user', params: templateIdSchema, body: templateBodySchema, successKey: 'templates.saved' }, (ctx, { params, body }) => updateTemplate(ctx, params.id, body));

export const DELETE = route({ auth: 'user', params: templateIdSchema, successKey: 'templates.deleted' }, async (ctx, { params }) => {
  await deleteTemplate(ctx, params.id);
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'PUT', 'DELETE');
export { notServed as POST, notServed as PATCH };
