/** PostgreSQL's unique_violation (SQLSTATE 23505), on the error or on a cause the driver wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
