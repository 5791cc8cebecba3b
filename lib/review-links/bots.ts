import { isbot } from 'isbot';

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * Whether a request to a review link is not a person scanning it: a HEAD (link checkers), a
 * browser's prefetch or a link preview (Purpose / Sec-Purpose / X-Moz / X-Purpose headers), or a
 * known crawler's user agent (the maintained `isbot` list: chat apps' preview fetchers, search
 * engines, HTTP libraries). These still get their redirect; they are just not counted.
 */
export function isUncountedRequest(method: string, headers: HeaderSource): boolean {
  if (method.toUpperCase() !== 'GET') return true;
  const purpose = [headers.get('purpose'), headers.get('sec-purpose'), headers.get('x-moz'), headers.get('x-purpose')].join(' ').toLowerCase();
  if (/prefetch|prerender|preview/.test(purpose)) return true;
  const agent = headers.get('user-agent') ?? '';
  return !agent || isbot(agent);
}
