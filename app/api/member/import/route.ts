import { notAllowed } from '@/lib/api/not-allowed';
import { route, parseOrThrow } from '@/lib/api/route';
import { commitImport } from '@/lib/contacts/import/commit-import';
import { mappingFields } from '@/lib/contacts/import/mapping-fields';
import { importMapping } from '@/lib/contacts/schema';
import { readUpload } from '@/lib/contacts/upload';

/**
 * POST /api/member/import (multipart `file`, `columns` = JSON array of fields per column,
 * optional `locationId`, `encoding`, `conflictChoice` and `conflicts` = JSON [{row, choice}]):
 * merges every row in one transaction; answers the summary.
 */
export const POST = route({ auth: 'user' }, async (ctx, { request }) => {
  const upload = await readUpload(request);
  return commitImport(ctx, upload, parseOrThrow(importMapping, mappingFields(upload.fields)));
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
