import { notAllowed } from '@/lib/api/not-allowed';
import { actionRoute } from '../action-route';

export const POST = actionRoute('resume');

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
