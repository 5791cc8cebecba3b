import type { ImportField } from '../schema';
import { VCARD_HEADERS } from '@/lib/spreadsheet/read-vcard';

/** The contact exports the import recognises by their headers, and maps without the merchant. */
export const knownExports = ['googleContacts', 'outlook', 'vcard', 'mailchimp', 'shopify', 'square', 'hubspot'] as const;
export type KnownExport = (typeof knownExports)[number];

interface ExportProfile {
  source: KnownExport;
  /** Headers that all appear in this program's export (compared case-insensitively). */
  signature: string[];
  /** Each field and the headers that carry it, the preferred first (a mobile number before an office one). */
  fields: [ImportField, string[]][];
}

// The headers as each program writes them (Google Contacts' 2024 and older CSVs, Outlook's
// "Comma Separated Values", Mailchimp's audience export, Shopify's, Square's and HubSpot's
// customer exports, and our vCard reader's columns).
const PROFILES: ExportProfile[] = [
  {
    source: 'vcard',
    signature: [...VCARD_HEADERS],
    fields: [['fullName', ['Full Name']], ['firstName', ['First Name']], ['lastName', ['Last Name']], ['email', ['Email']], ['phone', ['Phone']]],
  },
  {
    source: 'googleContacts',
    signature: ['E-mail 1 - Value'],
    fields: [
      ['firstName', ['First Name', 'Given Name']],
      ['lastName', ['Last Name', 'Family Name']],
      ['email', ['E-mail 1 - Value']],
      ['phone', ['Phone 1 - Value']],
    ],
  },
  {
    source: 'outlook',
    signature: ['First Name', 'Last Name', 'E-mail Address', 'Mobile Phone'],
    fields: [
      ['firstName', ['First Name']],
      ['lastName', ['Last Name']],
      ['email', ['E-mail Address']],
      ['phone', ['Mobile Phone', 'Primary Phone', 'Home Phone', 'Business Phone']],
      ['tags', ['Categories']],
    ],
  },
  {
    source: 'mailchimp',
    signature: ['Email Address', 'MEMBER_RATING'],
    fields: [['email', ['Email Address']], ['firstName', ['First Name']], ['lastName', ['Last Name']], ['phone', ['Phone Number']], ['tags', ['TAGS']]],
  },
  {
    source: 'shopify',
    signature: ['Email', 'Accepts Email Marketing'],
    fields: [
      ['firstName', ['First Name']],
      ['lastName', ['Last Name']],
      ['email', ['Email']],
      ['phone', ['Phone', 'Default Address Phone']],
      ['emailOptIn', ['Accepts Email Marketing']],
      ['smsOptIn', ['Accepts SMS Marketing']],
      ['tags', ['Tags']],
    ],
  },
  {
    source: 'square',
    signature: ['Square Customer ID', 'Email Address'],
    fields: [
      ['firstName', ['First Name']],
      ['lastName', ['Surname', 'Last Name']],
      ['email', ['Email Address']],
      ['phone', ['Phone Number']],
      ['emailOptIn', ['Email Subscription Status']],
      ['tags', ['Groups']],
    ],
  },
  {
    source: 'hubspot',
    signature: ['Record ID', 'Email'],
    fields: [['firstName', ['First Name']], ['lastName', ['Last Name']], ['email', ['Email']], ['phone', ['Mobile Phone Number', 'Phone Number']]],
  },
];

/**
 * The program whose export these headers are and each column's field, or null. Every other
 * column of a known export is left out (the merchant can still map it): these exports carry
 * dozens of columns (second e-mails, addresses, internal ids) that are no contact field.
 */
export function matchKnownExport(headers: readonly string[]): { source: KnownExport; columns: (ImportField | 'ignore')[] } | null {
  const folded = headers.map((h) => h.trim().toLowerCase());
  const profile = PROFILES.find((p) => p.signature.every((h) => folded.includes(h.toLowerCase())));
  if (!profile) return null;
  const columns: (ImportField | 'ignore')[] = headers.map(() => 'ignore');
  for (const [field, names] of profile.fields) {
    const at = names.map((n) => folded.indexOf(n.toLowerCase())).find((i) => i >= 0);
    if (at !== undefined) columns[at] = field;
  }
  return { source: profile.source, columns };
}
