import { AppError } from '@/lib/errors/app-error';
import { BULK_SENDER_THRESHOLD } from './limits';
import type { DomainReport } from './types';

/** What sending an e-mail campaign to `recipients` will meet, given the sending domain's check. */
export type SendOutlook = { kind: 'ok' } | { kind: 'warn'; report: DomainReport } | { kind: 'refuse'; report: DomainReport };

/**
 * Over the bulk threshold a domain that does not pass is refused (Gmail rejects such mail; "could
 * not check" is not a pass either); below it the campaign goes with a warning. No report (no
 * service e-mail: mail goes from our own address) is fine.
 */
export function sendOutlook(report: DomainReport | null, recipients: number): SendOutlook {
  if (!report || report.verdict === 'pass') return { kind: 'ok' };
  return recipients > BULK_SENDER_THRESHOLD ? { kind: 'refuse', report } : { kind: 'warn', report };
}

/** Refuses a bulk campaign from a domain that fails, with the checks and their records in `details.domainReport`. */
export function requireBulkReadyDomain(report: DomainReport | null, recipients: number): void {
  const outlook = sendOutlook(report, recipients);
  if (outlook.kind !== 'refuse') return;
  const key = outlook.report.verdict === 'unknown' ? 'deliverability.errors.bulkDomainUnchecked' : 'deliverability.errors.bulkDomainFails';
  throw new AppError('BAD_REQUEST', key, { values: { threshold: String(BULK_SENDER_THRESHOLD), domain: outlook.report.domain }, details: { domainReport: outlook.report } });
}
