import type { z } from 'zod';

type TranslateFn = (key: string, values?: Record<string, string | number>) => string;

/**
 * Schemas carry message keys (for example 'validation.required') as their error messages, so
 * the form, the action and the route all show the same translated text. Zod's own messages
 * (a wrong type, say) map onto generic keys.
 */
export function issueMessageKey(issue: z.core.$ZodIssue): { key: string; values?: Record<string, string | number> } {
  if (issue.message && /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(issue.message)) {
    const values: Record<string, string | number> = {};
    if ('maximum' in issue && issue.maximum !== undefined) values.max = Number(issue.maximum);
    if ('minimum' in issue && issue.minimum !== undefined) values.min = Number(issue.minimum);
    return { key: issue.message, values };
  }
  switch (issue.code) {
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', values: { max: Number(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return { key: 'validation.required' };
      // positive() is "more than 0", an exclusive bound; every such field here is a whole number
      // (an id), so "at least 1" (it said "at least 0" while refusing 0).
      return { key: issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', values: { min: Number(issue.minimum) + (issue.inclusive === false ? 1 : 0) } };
    case 'invalid_type':
      // Zod 4 leaves `input` out of issues; its default message names what it received.
      return { key: issue.input === undefined && /received (undefined|null)|^Required$/.test(issue.message ?? '') || issue.input === null ? 'validation.required' : 'validation.invalidType' };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.invalidFormat' };
    case 'invalid_value':
      return { key: 'validation.invalidValue' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' };
    default:
      return { key: 'validation.invalid' };
  }
}

export function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.') || '_';
}

/** field -> translated message; the first issue of a field wins. */
export function fieldErrorsFrom(issues: readonly z.core.$ZodIssue[], t: TranslateFn): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issuePath(issue);
    if (path in out) continue;
    const { key, values } = issueMessageKey(issue);
    out[path] = t(key, values);
  }
  return out;
}
