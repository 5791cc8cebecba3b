import type { Resolver } from 'node:dns/promises';
import { lookupMx } from './dns-lookup';
import type { CheckResult } from './types';

/**
 * MX of the reply address's domain: customers answer the service e-mail, and a domain that
 * receives no mail loses those answers and bounces (some receivers also distrust a sender whose
 * domain takes no mail). A "null MX" (RFC 7505: one record, exchange ".") says it takes none.
 */
export async function checkMx(resolver: Resolver, domain: string): Promise<CheckResult> {
  const answer = await lookupMx(resolver, domain);
  const record = { type: 'MX' as const, name: domain, value: `10 mail.${domain}` };
  if (answer.kind === 'error') return { check: 'mx', status: 'unknown', reason: 'couldNotCheck', values: { code: answer.code } };
  if (answer.kind === 'none') return { check: 'mx', status: 'missing', reason: 'mxMissing', record };
  const found = answer.records.map((r) => `${r.priority} ${r.exchange || '.'}`);
  if (answer.records.every((r) => r.exchange === '' || r.exchange === '.')) return { check: 'mx', status: 'wrong', reason: 'mxNull', found, record };
  return { check: 'mx', status: 'pass', reason: 'mxPass', found };
}
