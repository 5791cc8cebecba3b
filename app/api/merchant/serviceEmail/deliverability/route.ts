import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { checkServiceEmailDomain, lastDomainReport } from '@/lib/deliverability/sender-domain';

/** The last deliverability check of the service e-mail's domain (null: never checked, or the address changed since). */
export const GET = route({ auth: 'user' }, async (ctx) => ({ report: await lastDomainReport(ctx) }));

/** Checks the domain now: SPF, DKIM, DMARC, MX and free mailbox, each with the record to add. */
export const POST = route({ auth: 'user' }, async (ctx) => ({ report: await checkServiceEmailDomain(ctx) }));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'POST');
export { notServed as PUT, notServed as PATCH, notServed as DELETE };
