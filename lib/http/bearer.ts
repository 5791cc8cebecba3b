/** The token of an `Authorization: Bearer …` header (a bare token too); null when absent or oversized. */
export function bearerFrom(header: string | null | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token.length > 0 && token.length < 4096 ? token : null;
}
