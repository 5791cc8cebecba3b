import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A stored E.164 number as people read it: +86 139 1342 4044, +852 9642 9095. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
