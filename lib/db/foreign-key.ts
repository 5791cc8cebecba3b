/**
 * A foreign key's refusal, on the error or on a cause the driver wrapped: foreign_key_violation
 * (23503) or, for ON DELETE RESTRICT, restrict_violation (23001). `missing`: a write pointed at a
 * row that is gone (a location deleted while a campaign naming it was being saved): the thing
 * named no longer exists, a 404. Otherwise a delete was refused because rows still point at the row.
 */
export function foreignKeyViolation(error: unknown): { missing: boolean } | null {
  for (let e = error as { code?: string; detail?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23001') return { missing: false };
    if (e.code === '23503') return { missing: typeof e.detail === 'string' && /is not present in table/.test(e.detail) };
  }
  return null;
}
