/**
 * A LIKE/ILIKE pattern that matches `text` anywhere, with the wildcards a user typed (% and _) and
 * the escape character taken literally: the one place keyword searches build their pattern.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
