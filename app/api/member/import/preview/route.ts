import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { previewImport } from '@/lib/contacts/import/preview-import';
import { readUpload } from '@/lib/contacts/upload';

/** POST /api/member/import/preview (multipart `file`): headers, guessed columns, first rows. */
export const POST = route({ auth: 'user' }, async (ctx, { request }) => previewImport(ctx, await readUpload(request)));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
