import type { Resolver } from 'node:dns/promises';
import { setting } from '@/lib/config/settings';
import { deliverabilityResolver } from './dns-lookup';
import { checkDkim, type OwnSelector } from './dkim-check';
import { checkDmarc } from './dmarc-check';
import { checkMx } from './mx-check';
import { checkSpf } from './spf-check';
import { FREE_MAILBOX_DOMAINS } from './limits';
import type { CheckResult, DomainReport } from './types';

/** The domain of an address, lower-cased, without a trailing dot. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
}

export function isFreeMailbox(domain: string): boolean {
  return FREE_MAILBOX_DOMAINS.includes(domain);
}

/**
 * Every check of the domain mail is sent as, for one address. A free mailbox provider's domain is
 * refused without asking DNS: its records are not the merchant's to change, and its DMARC policy
 * makes receivers refuse mail claiming to be from it that comes from us.
 */
export async function checkSendingDomain(email: string, own: OwnSelector, now: Date, resolver: Resolver = deliverabilityResolver()): Promise<DomainReport> {
  const domain = domainOf(email);
  const checkedAt = now.toISOString();
  if (isFreeMailbox(domain)) {
    return { domain, email, checkedAt, verdict: 'fail', results: [{ check: 'freeMailbox', status: 'wrong', reason: 'freeMailbox', values: { domain } }] };
  }
  const [spf, dkim, mx] = await Promise.all([checkSpf(resolver, domain, setting('mailSpfInclude')), checkDkim(resolver, domain, own, setting('mailDkimSelectors')), checkMx(resolver, domain)]);
  const dmarc = await checkDmarc(resolver, domain, dkim.status === 'pass');
  const freeMailbox: CheckResult = { check: 'freeMailbox', status: 'pass', reason: 'ownDomain', values: { domain } };
  const results = [freeMailbox, spf, dkim, dmarc, mx];
  return { domain, email, checkedAt, verdict: verdictOf([spf, dkim, dmarc]), results };
}

/** Fail when a required check is missing or wrong; unknown when none is but one could not be checked. */
function verdictOf(required: CheckResult[]): DomainReport['verdict'] {
  if (required.some((r) => r.status === 'missing' || r.status === 'wrong')) return 'fail';
  if (required.some((r) => r.status === 'unknown')) return 'unknown';
  return 'pass';
}
