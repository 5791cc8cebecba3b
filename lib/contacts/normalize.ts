// Phone numbers are read, validated and formatted in lib/phone only.

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL.test(v);
}

/** Tags: trimmed, non-empty, unique, in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const t = tag.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

// Kept here too: other domains import it from this module.
export { newOptToken } from './opt-token';
