import { notAllowed } from '@/lib/api/not-allowed';
import { route, parseOrThrow } from '@/lib/api/route';
import { checkImport } from '@/lib/contacts/import/commit-import';
import { mappingFields } from '@/lib/contacts/import/mapping-fields';
import { importMapping } from '@/lib/contacts/schema';
import { readUpload } from '@/lib/contacts/upload';

/**
 * POST /api/member/import/check (the import's fields): what the import would do, written
 * nowhere: the counts (created, updated, unchanged, conflicts, refused) and each conflict.
 */
export const POST = route({ auth: 'user' }, async (ctx, { request }) => {
  const upload = await readUpload(request);
  return checkImport(ctx, upload, parseOrThrow(importMapping, mappingFields(upload.fields)));
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
