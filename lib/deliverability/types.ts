/** What one check found: passes, a record is missing, a record is there but wrong, or DNS did not answer. */
export type CheckStatus = 'pass' | 'missing' | 'wrong' | 'unknown';

export const checkNames = ['freeMailbox', 'spf', 'dkim', 'dmarc', 'mx'] as const;
export type CheckName = (typeof checkNames)[number];

/** A DNS record the merchant adds (or changes to), exactly as their DNS host asks for it. */
export interface DnsRecordToAdd {
  type: 'TXT' | 'MX';
  /** The full name (`_dmarc.example.com`), never relative. */
  name: string;
  value: string;
}

/** Why a check answered as it did: a message under `deliverability.reasons`. */
export type ReasonKey =
  | 'couldNotCheck'
  | 'ownDomain'
  | 'freeMailbox'
  | 'spfPass'
  | 'spfMissing'
  | 'spfMultiple'
  | 'spfPassAll'
  | 'spfNoInclude'
  | 'dkimPassOwn'
  | 'dkimPassProvider'
  | 'dkimMissing'
  | 'dkimWrongKey'
  | 'dmarcPass'
  | 'dmarcMissing'
  | 'dmarcMultiple'
  | 'dmarcBadPolicy'
  | 'dmarcNotAligned'
  | 'mxPass'
  | 'mxMissing'
  | 'mxNull';

export interface CheckResult {
  check: CheckName;
  status: CheckStatus;
  /** Message key under `deliverability.reasons` saying what was found and why it matters. */
  reason: ReasonKey;
  /** Values of the reason's message (the policy found, the include expected, ...). */
  values?: Record<string, string>;
  /** The record that fixes it; absent when it passes or when no record can fix it. */
  record?: DnsRecordToAdd;
  /** What DNS answered, for the merchant to compare. */
  found?: string[];
}

/**
 * The whole check of a sending domain. `verdict`: pass when every check that mailbox providers
 * require passes; fail when one is missing or wrong; unknown when none failed but one could not
 * be checked (never read as a pass). MX only warns: it concerns replies, not acceptance.
 */
export interface DomainReport {
  domain: string;
  email: string;
  verdict: 'pass' | 'fail' | 'unknown';
  results: CheckResult[];
  checkedAt: string;
}
