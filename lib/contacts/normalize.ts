// Phone numbers are read, validated and formatted in lib/phone only.

/**
 * A contact's e-mail as stored and compared: full-width forms folded (NFKC, as an IME types
 * "ＱＡ@example.com"), lower case, and the domain in its ASCII (punycode) form, so one mailbox
 * is one value whichever way it was written ("bücher.example" and "xn--bcher-kva.example").
 */
export function normalizeEmail(value: string): string {
  const v = value.normalize('NFKC').trim().toLowerCase();
  const at = v.lastIndexOf('@');
  if (at < 0) return v;
  const domain = v.slice(at + 1);
  if (/^[\x21-\x7e]*$/.test(domain)) return v;
  try {
    return `${v.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return v;
  }
}

// A dot-atom local part (RFC 5322 atext, plus letters, marks and digits of any script), at most 64.
const LOCAL = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
// A host name label: letters, marks and digits of any script and inner hyphens, at most 63.
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/**
 * The one rule for a contact's e-mail (form, API, import, campaigns): a dot-atom local part, and a
 * domain of at least two labels whose last is not all digits, read after normalizeEmail's folding.
 * Refused: dots leading, trailing or doubled, a domain ending in a dot, underscores, and invisible
 * characters (a zero-width space made a second contact for the same mailbox).
 */
export function isValidEmail(value: string): boolean {
  const v = value.normalize('NFKC').trim();
  if (v.length > 254) return false;
  const at = v.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  const labels = v.slice(at + 1).split('.');
  return LOCAL.test(v.slice(0, at)) && labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1]);
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
