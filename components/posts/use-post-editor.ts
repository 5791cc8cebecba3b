'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { isStaleEdit } from '@/components/forms/stale-edit-notice';
import { savePostAction } from '@/lib/posts/actions';
import type { PostInput } from '@/lib/posts/schema';
import { pickValues, toEditorPost, type EditorPost, type EditorValues } from './editor-values';
import { clearDraft, draftKey } from './local-draft';
import { postResolver } from './post-form';
import { useLeaveGuard } from './use-leave-guard';
import { usePostDraft } from './use-post-draft';

export type Intent = 'save' | 'publish' | 'unpublish';

/** The post editor's form, its local draft, the leave guard, and save, publish, unpublish and preview. */
export function usePostEditor({ post: initialPost, userId, defaultLocale }: { post: EditorPost | null; userId: number; defaultLocale: Locale }) {
  const t = useTranslations('posts');
  const tRoot = useTranslations();
  const router = useRouter();
  const confirm = useConfirm();

  const [post, setPost] = useState<EditorPost | null>(initialPost);
  const [saved] = useState<EditorValues>(() => (initialPost ? pickValues(initialPost) : { title: '', summary: '', coverFileId: null, body: '', locale: defaultLocale }));
  const form = useForm<EditorValues, unknown, PostInput>({ resolver: postResolver, mode: 'onTouched', defaultValues: saved });
  const { formState, handleSubmit, reset, resetField, setError } = form;
  const dirty = formState.isDirty;
  const [busy, setBusy] = useState<Intent | 'preview' | null>(null);
  const touched = useRef(false);
  const key = draftKey(userId, post?.id);
  const draft = usePostDraft(form, key, saved);

  const confirmLeave = useCallback(
    () => confirm({ title: t('editor.leaveTitle'), description: t('editor.leaveDescription'), confirmLabel: t('editor.leaveConfirm'), cancelLabel: t('editor.stay') }),
    [confirm, t],
  );
  useLeaveGuard(dirty && busy === null, confirmLeave);

  /**
   * The editor may hand back the stored body re-serialised (same content, other markup) before
   * anyone types: that form becomes the baseline, so opening an article never counts as a change.
   */
  const onBodyChange = (html: string, change: (html: string) => void) => {
    if (!touched.current && !dirty) resetField('body', { defaultValue: html });
    else change(html);
  };

  /** Typing, pasting or dropping into the body: from then on its changes are the user's. */
  const markTouched = () => {
    touched.current = true;
  };

  const send = async (input: PostInput, intent: Intent): Promise<EditorPost | null> => {
    // The version the editor holds: a save over a newer article is refused (someone else changed it).
    const result = await savePostAction({ ...input, id: post?.id, updatedAt: post?.updatedAt, intent });
    if (!result.ok) {
      if (isStaleEdit(result)) setError('root.stale', { type: 'stale', message: result.message });
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field as keyof EditorValues, { type: 'server', message: text });
      notify.warning(result.message || t('errors.saveFailed'));
      return null;
    }
    const next = toEditorPost(result.data);
    draft.forget();
    setPost(next);
    reset(pickValues(next));
    if (!post) {
      clearDraft(draftKey(userId, next.id));
      router.replace(`/posts/edit/${next.id}`, { scroll: false });
    }
    return next;
  };

  /** Checks with the schema (errors beside the fields), then saves; the saved article, or null. */
  const submit = (intent: Intent) =>
    new Promise<EditorPost | null>((resolve, reject) => {
      const invalid = () => {
        notify.warning(tRoot('errors.validation'));
        resolve(null);
      };
      handleSubmit(async (input) => resolve(await send(input, intent)), invalid)().catch(reject);
    });

  const run = async (intent: Intent) => {
    if (intent === 'unpublish') {
      const ok = await confirm({ title: t('editor.unpublishConfirmTitle'), description: t('editor.unpublishConfirmDescription'), confirmLabel: t('editor.unpublish'), danger: true });
      if (!ok) return;
    }
    setBusy(intent);
    try {
      const next = await submit(intent);
      if (next) notify.success(t(intent === 'publish' ? 'messages.published' : intent === 'unpublish' ? 'messages.unpublished' : post ? 'messages.saved' : 'messages.created'));
    } finally {
      setBusy(null);
    }
  };

  const preview = async () => {
    let target = post;
    if (!target || dirty) {
      setBusy('preview');
      try {
        target = await submit('save');
      } finally {
        setBusy(null);
      }
    }
    if (target) router.push(`/posts/preview/${target.id}`);
  };

  return { form, post, busy, dirty, stale: formState.errors.root?.stale?.message, restoredAt: draft.restoredAt, discardRestored: draft.discardRestored, onBodyChange, markTouched, run, preview };
}
