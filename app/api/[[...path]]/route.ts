import { routeNotFound } from '@/lib/api/not-found';

/**
 * Every /api path that no route serves (and /api itself). Next.js matches static and dynamic
 * segments before an optional catch-all, so this never shadows a real route; it only replaces
 * the HTML not-found page with the 404 envelope.
 */
export { routeNotFound as GET, routeNotFound as POST, routeNotFound as PUT, routeNotFound as PATCH, routeNotFound as DELETE, routeNotFound as HEAD, routeNotFound as OPTIONS };
