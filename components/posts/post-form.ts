'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { POST_BODY_MAX, POST_SUMMARY_MAX, POST_TITLE_MAX } from '@/lib/posts/limits';
import type { PostInput } from '@/lib/posts/schema';
import type { EditorValues } from './editor-values';

/** The editor's form: its values, checked by the domain's postInputSchema (the action's, less id and intent). */
export type PostForm = UseFormReturn<EditorValues, unknown, PostInput>;

// The schema (and zod) loads on the first check, not with the page (issue 11); the action checks
// again. Typed for EditorValues, narrower than the schema's input (a cover is a string id or null).
export const postResolver = lazyZodResolver(() => import('@/lib/posts/schema').then((m) => m.postInputSchema)) as Resolver<EditorValues, unknown, PostInput>;

const MAX: Partial<Record<keyof EditorValues, number>> = { title: POST_TITLE_MAX, summary: POST_SUMMARY_MAX, body: POST_BODY_MAX };

/** A field's message; the schema's "too long" says the field's own limit. */
export function usePostFieldMessage(errors: FieldErrors<EditorValues>): (field: keyof EditorValues) => string | undefined {
  const t = useTranslations();
  const message = useFieldMessage(errors);
  return (field) => {
    const max = MAX[field];
    return errors[field]?.message === 'validation.tooLong' && max ? t('validation.tooLong', { max }) : message(field);
  };
}
