import type { Resolver } from 'node:dns/promises';
import { lookupTxt } from './dns-lookup';
import type { CheckResult } from './types';

const POLICIES = new Set(['none', 'quarantine', 'reject']);

/**
 * DMARC: one `v=DMARC1` record at `_dmarc.<domain>` (or, for a subdomain, at its parent's, whose
 * `sp=` then applies) with a valid policy; and it can align: mail passes DMARC only through a DKIM
 * signature of this very domain (the envelope sender is the mail service's, so SPF never aligns),
 * so a DKIM check that does not pass leaves DMARC unaligned.
 */
export async function checkDmarc(resolver: Resolver, domain: string, dkimPasses: boolean): Promise<CheckResult> {
  const suggested = { type: 'TXT' as const, name: `_dmarc.${domain}`, value: `v=DMARC1; p=none; adkim=r; aspf=r; rua=mailto:dmarc-reports@${domain}` };
  let answer = await dmarcRecords(resolver, domain);
  const parent = organisationalDomain(domain);
  let inherited = false;
  if (answer.kind === 'none' && parent !== domain) {
    answer = await dmarcRecords(resolver, parent);
    inherited = true;
  }
  if (answer.kind === 'error') return { check: 'dmarc', status: 'unknown', reason: 'couldNotCheck', values: { code: answer.code } };
  if (answer.kind === 'none') return { check: 'dmarc', status: 'missing', reason: 'dmarcMissing', record: suggested };
  const found = answer.records;
  if (found.length > 1) return { check: 'dmarc', status: 'wrong', reason: 'dmarcMultiple', found, record: suggested };
  const tags = tagsOf(found[0]);
  const policy = (inherited ? (tags.get('sp') ?? tags.get('p')) : tags.get('p'))?.toLowerCase() ?? '';
  if (!POLICIES.has(policy)) return { check: 'dmarc', status: 'wrong', reason: 'dmarcBadPolicy', found, record: suggested };
  if (!dkimPasses) return { check: 'dmarc', status: 'wrong', reason: 'dmarcNotAligned', values: { policy }, found };
  return { check: 'dmarc', status: 'pass', reason: 'dmarcPass', values: { policy }, found };
}

async function dmarcRecords(resolver: Resolver, domain: string) {
  const answer = await lookupTxt(resolver, `_dmarc.${domain}`);
  if (answer.kind !== 'found') return answer;
  const records = answer.records.filter((r) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(r.trim()));
  return records.length ? { kind: 'found' as const, records } : { kind: 'none' as const };
}

function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim()) tags.set(key.trim().toLowerCase(), value.join('=').trim());
  }
  return tags;
}

/**
 * The registrable parent of a domain, approximately: its last two labels, or three under a
 * two-letter country's second level (`shop.example.com.hk` -> `example.com.hk`). Enough to find a
 * parent's DMARC record; a wrong guess only means one more DNS question that finds nothing.
 */
function organisationalDomain(domain: string): string {
  const labels = domain.split('.');
  const secondLevel = labels.length >= 3 && labels[labels.length - 1].length === 2 && /^(com|net|org|edu|gov|co|ac)$/.test(labels[labels.length - 2]);
  return labels.slice(secondLevel ? -3 : -2).join('.');
}
