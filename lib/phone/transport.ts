/**
 * A number as a transport gives it (Twilio's From and To, our TWILIO_FROM): already international,
 * so it is not read or validated, only reduced to a leading + and digits for comparison.
 */
export function transportNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/[^\d+]/g, '');
}
