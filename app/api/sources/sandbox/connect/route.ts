import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { connectSandbox } from '@/lib/sources/connect';

export const POST = route({ auth: 'user', successKey: 'sources.connected' }, (ctx) => connectSandbox(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
