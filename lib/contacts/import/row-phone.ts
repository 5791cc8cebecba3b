import type { Locale } from '@/lib/i18n/locales';
import { phoneProblem, type PhoneProblem } from '@/lib/phone/problem';
import { readPhone } from '@/lib/phone/read';

export type RowPhone =
  | { ok: true; phone: string | null; leftOut: PhoneProblem | null }
  | { ok: false; problem: PhoneProblem };

/**
 * A row's phone cell read in the row's region (its location's country, else the merchant's).
 * A number that is not valid there does not cost the row its e-mail: the row is imported without
 * the phone (`leftOut` says why, for the rejected-rows file). Without an e-mail the row is refused.
 */
export function readRowPhone(cell: string | null, hasEmail: boolean, region: string | null, locale: Locale): RowPhone {
  if (!cell) return { ok: true, phone: null, leftOut: null };
  const reading = readPhone(internationalPrefix(cell), region);
  if (reading.ok) return { ok: true, phone: reading.e164, leftOut: null };
  const problem = phoneProblem(reading, region, locale);
  return hasEmail ? { ok: true, phone: null, leftOut: problem } : { ok: false, problem };
}

/**
 * "00" before a country code is how most of the world dials abroad (Europe, China, Hong Kong):
 * `00852 9110 0003` is +852 9110 0003. No national number starts with 00.
 */
function internationalPrefix(cell: string): string {
  return cell.replace(/^\s*00\s*(?=[1-9])/, '+');
}
