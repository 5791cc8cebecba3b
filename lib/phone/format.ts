import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A stored E.164 number as people read it: +1 415 555 0101, +852 9123 4567, +86 21 6288 1234.
 * Server only (pages format before rendering): the metadata stays out of the browser's bundle.
 * A stored value that does not parse is shown as stored.
 */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
