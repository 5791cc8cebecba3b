/**
 * An IANA time zone name, or null. The spelling typed is kept when it is a valid name (ICU
 * versions disagree on Asia/Kolkata vs Asia/Calcutta, and the person chose one); a name typed in
 * the wrong case is corrected (asia/shanghai -> Asia/Shanghai). Offsets such as +08:00 are
 * refused: a location keeps a named zone so daylight saving applies.
 */
export function canonicalTimeZone(value: string): string | null {
  const v = value.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+\-]*(\/[A-Za-z0-9_+\-]+)*$/.test(v) || v.length > 64) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (v === resolved || v.split('/').every((part) => /^[A-Z]/.test(part))) return v;
  return lowerCaseIndex().get(v.toLowerCase()) ?? resolved;
}

/** Every zone the runtime knows, for the form's select. */
export function timeZoneNames(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Tokyo', 'Europe/London', 'America/Los_Angeles', 'America/New_York'];
  }
}

let index: Map<string, string> | undefined;
function lowerCaseIndex(): Map<string, string> {
  index ??= new Map(timeZoneNames().map((z) => [z.toLowerCase(), z]));
  return index;
}
