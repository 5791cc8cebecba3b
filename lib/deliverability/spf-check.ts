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
  // Receivers stop at the first `all`: it decides, and what follows it is never read.
  const firstAll = terms.findIndex(isAll);
  if (firstAll >= 0 && (terms[firstAll] === 'all' || terms[firstAll] === '+all')) return { check: 'spf', status: 'wrong', reason: 'spfPassAll', found, record: wanted(withInclude(record, include)) };
  const reached = firstAll < 0 ? terms : terms.slice(0, firstAll);
  if (include && !reached.some((t) => t.replace(/^\+/, '') === `include:${include.toLowerCase()}` || t === `redirect=${include.toLowerCase()}`)) {
    return { check: 'spf', status: 'wrong', reason: 'spfNoInclude', values: { include }, found, record: wanted(withInclude(record, include)) };
  }
  return { check: 'spf', status: 'pass', reason: 'spfPass', found };
}

function isAll(term: string): boolean {
  return /^[+?~-]?all$/i.test(term);
}

/**
 * The record as it should read: what it named before its first `all` (our include added once,
 * before any redirect), ending in that `all` when it fails or soft-fails, else in `~all`.
 */
function withInclude(record: string, include: string | null): string {
  const terms = record.trim().split(/\s+/);
  const firstAll = terms.findIndex(isAll);
  const closing = firstAll >= 0 && /^[~-]all$/i.test(terms[firstAll]) ? terms[firstAll] : '~all';
  const ours = include ? `include:${include}` : null;
  const kept = (firstAll < 0 ? terms : terms.slice(0, firstAll)).filter((t) => !ours || t.replace(/^\+/, '').toLowerCase() !== ours.toLowerCase());
  const redirect = kept.findIndex((t) => /^redirect=/i.test(t));
  const body = redirect < 0 ? kept : kept.filter((_, i) => i !== redirect);
  // A redirect applies only where there is no `all`: it stays last, and no `all` is added.
  if (redirect >= 0) return [...body, ...(ours ? [ours] : []), kept[redirect]].join(' ');
  return [...body, ...(ours ? [ours] : []), closing].join(' ');
}
