import type { Resolver } from 'node:dns/promises';
import { lookupTxt } from './dns-lookup';
import type { CheckResult } from './types';

/** Our own key for the domain: the record the merchant publishes so our signature verifies. */
export interface OwnSelector {
  selector: string;
  publicKey: string;
}

/** The TXT value of a DKIM key record for a public key. */
export function dkimRecordValue(publicKey: string): string {
  return `v=DKIM1; k=rsa; p=${publicKey}`;
}

/**
 * DKIM: passes when our own selector publishes our current public key, or when one of the mail
 * service's selectors (MAIL_DKIM_SELECTORS) publishes a key. Our selector with another key is
 * wrong (mail we sign would fail); nothing published is missing, and the record to add is ours.
 */
export async function checkDkim(resolver: Resolver, domain: string, own: OwnSelector, providerSelectors: readonly string[]): Promise<CheckResult> {
  const ownName = `${own.selector}._domainkey.${domain}`;
  const record = { type: 'TXT' as const, name: ownName, value: dkimRecordValue(own.publicKey) };
  const [ownAnswer, ...providerAnswers] = await Promise.all([ownName, ...providerSelectors.map((s) => `${s}._domainkey.${domain}`)].map((name) => lookupTxt(resolver, name)));
  if (ownAnswer.kind === 'found') {
    const keys = ownAnswer.records.map(publicKeyOf);
    if (keys.includes(own.publicKey)) return { check: 'dkim', status: 'pass', reason: 'dkimPassOwn', values: { selector: own.selector } };
    return { check: 'dkim', status: 'wrong', reason: 'dkimWrongKey', values: { selector: own.selector }, found: ownAnswer.records, record };
  }
  const providerIndex = providerAnswers.findIndex((a) => a.kind === 'found' && a.records.some((r) => publicKeyOf(r)));
  if (providerIndex >= 0) return { check: 'dkim', status: 'pass', reason: 'dkimPassProvider', values: { selector: providerSelectors[providerIndex] } };
  // No key found anywhere: a failed question means we cannot say it is missing.
  const failed = [ownAnswer, ...providerAnswers].find((a) => a.kind === 'error');
  if (failed && failed.kind === 'error') return { check: 'dkim', status: 'unknown', reason: 'couldNotCheck', values: { code: failed.code } };
  return { check: 'dkim', status: 'missing', reason: 'dkimMissing', values: { selector: own.selector }, record };
}

/** The `p=` of a DKIM key record, whitespace removed; '' when absent or revoked (empty). */
function publicKeyOf(record: string): string {
  const tag = record.split(';').map((part) => part.trim()).find((part) => /^p\s*=/i.test(part));
  return tag ? tag.replace(/^p\s*=/i, '').replace(/\s+/g, '') : '';
}
