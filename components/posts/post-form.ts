'use client';

import type { Resolver, UseFormReturn } from 'react-hook-form';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { PostInput } from '@/lib/posts/schema';
import type { EditorValues } from './editor-values';

/** The editor's form: its values, checked by the domain's postInputSchema (the action's, less id and intent). */
export type PostForm = UseFormReturn<EditorValues, unknown, PostInput>;

// The schema (and zod) loads on the first check, not with the page (issue 11); the action checks
// again. Typed for EditorValues, narrower than the schema's input (a cover is a string id or null).
export const postResolver = lazyZodResolver(() => import('@/lib/posts/schema').then((m) => m.postInputSchema)) as Resolver<EditorValues, unknown, PostInput>;
