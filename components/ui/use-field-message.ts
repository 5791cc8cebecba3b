'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors, FieldValues } from 'react-hook-form';

const MESSAGE_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/;

/**
 * The text shown beside a field: the domain schema's messages are message keys (translated here,
 * with the values the resolver found, e.g. `{max}`), the server's field errors arrive translated
 * already (shown as they are).
 */
export function useFieldMessage<V extends FieldValues>(errors: FieldErrors<V>): (field: string) => string | undefined {
  const t = useTranslations();
  return (field) => {
    const error = (errors as Record<string, { message?: unknown; values?: Record<string, string | number> } | undefined>)[field];
    const m = error?.message;
    if (typeof m !== 'string' || !m) return undefined;
    return MESSAGE_KEY.test(m) && t.has(m as never) ? t(m as never, error?.values as never) : m;
  };
}
