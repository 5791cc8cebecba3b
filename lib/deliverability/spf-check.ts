import type { Resolver } from 'node:dns/promises';
import { lookupTxt } from './dns-lookup';
import type { CheckResult } from './types';

/**
 * SPF: the domain's one `v=spf1` record must name the mail service the app sends through
 * (MAIL_SPF_INCLUDE) and must not pass mail from anyone (`+all`). Includes are read one level
 * deep only: we ask for our include by name, which is what the mail service's own setup asks.
 */
export async function checkSpf(resolver: Resolver, domain: string, include: string | null): Promise<CheckResult> {
  const answer = await lookupTxt(resolver, domain);
  if (answer.kind === 'error') return { check: 'spf', status: 'unknown', reason: 'couldNotCheck', values: { code: answer.code } };
  const found = answer.kind === 'found' ? answer.records.filter((r) => /^v=spf1(\s|$)/i.test(r.trim())) : [];
  const wanted = (value: string) => ({ type: 'TXT' as const, name: domain, value });
  if (!found.length) return { check: 'spf', status: 'missing', reason: 'spfMissing', record: wanted(include ? `v=spf1 include:${include} ~all` : 'v=spf1 mx ~all') };
  if (found.length > 1) {
    // Two SPF records make every receiver answer "permerror": the domain has no SPF at all.
    return { check: 'spf', status: 'wrong', reason: 'spfMultiple', found, record: wanted(withInclude(found[0], include)) };
  }
  const record = found[0].trim();
  const terms = record.toLowerCase().split(/\s+/);
  if (terms.some((t) => t === '+all' || t === 'all')) return { check: 'spf', status: 'wrong', reason: 'spfPassAll', found, record: wanted(withInclude(record.replace(/\s\+?all\b/i, ' ~all'), include)) };
  if (include && !terms.some((t) => t.replace(/^[+?~-]/, '') === `include:${include.toLowerCase()}` || t === `redirect=${include.toLowerCase()}`)) {
    return { check: 'spf', status: 'wrong', reason: 'spfNoInclude', values: { include }, found, record: wanted(withInclude(record, include)) };
  }
  return { check: 'spf', status: 'pass', reason: 'spfPass', found };
}

/** The record with `include:<include>` placed before its closing `all` (or redirect), or at the end. */
function withInclude(record: string, include: string | null): string {
  const terms = record.trim().split(/\s+/);
  if (!include || terms.some((t) => t.toLowerCase() === `include:${include.toLowerCase()}`)) return terms.join(' ');
  const closing = terms.findIndex((t) => /^[+?~-]?all$/i.test(t) || /^redirect=/i.test(t));
  if (closing < 0) return [...terms, `include:${include}`, '~all'].join(' ');
  return [...terms.slice(0, closing), `include:${include}`, ...terms.slice(closing)].join(' ');
}
