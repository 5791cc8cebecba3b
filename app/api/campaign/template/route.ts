import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { templateBodySchema, templateListQuerySchema } from '@/lib/templates/schema';
import { listTemplates } from '@/lib/templates/list-templates';
import { createTemplate } from '@/lib/templates/save-template';

/** GET /api/campaign/template: own and common templates; ?type=0|1|email|text, pageNum, pageSize. */
export const GET = route({ auth: 'user', query: templateListQuerySchema }, (ctx, { query }) => listTemplates(ctx, query));

/** POST /api/campaign/template: answers the created template. */
export const POST = route({ auth: 'user', body: templateBodySchema, successKey: 'templates.saved' }, (ctx, { body }) => createTemplate(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'POST');
export { notServed as PUT, notServed as PATCH, notServed as DELETE };
