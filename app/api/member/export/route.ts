import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { exportContacts } from '@/lib/contacts/export/write-export';
import { fileResponse } from '@/lib/contacts/file-response';
import { exportQuery } from '@/lib/contacts/schema';

/** GET /api/member/export?format=xlsx|csv&<list filters>: the filtered list as a file. */
export const GET = route({ auth: 'user', query: exportQuery }, async (ctx, { query }) => {
  const { format, ...filters } = query;
  const file = await exportContacts(ctx, filters, format);
  return fileResponse(file.body, file.fileName, file.contentType);
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
