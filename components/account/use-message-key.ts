'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

const KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/;

/**
 * Form errors are message keys from the shared zod schemas (client side) or text already
 * translated by the server; this shows either.
 */
export function useMessageText(): (message: string | undefined | null) => string | undefined {
  const t = useTranslations();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      return KEY.test(message) ? (t as unknown as (k: string, v?: Record<string, unknown>) => string)(message, { max: '', min: '' }) : message;
    },
    [t],
  );
}
