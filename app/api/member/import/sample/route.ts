import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { sampleSpreadsheet } from '@/lib/contacts/export/sample-sheet';
import { fileResponse } from '@/lib/contacts/file-response';

/** GET /api/member/import/sample: the sample .xlsx, headers in the request's language. */
export const GET = route({ auth: 'user' }, async (ctx, { t }) =>
  fileResponse(new Uint8Array(await sampleSpreadsheet(ctx.locale)), `${t('contacts.import.sampleFileName')}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
);

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
