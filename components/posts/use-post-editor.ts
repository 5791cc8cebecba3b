'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { Locale } from '@/lib/i18n/locales';
import { runtimeKey } from '@/lib/i18n/runtime-key';
import { notify } from '@/lib/notify/notify';
import { savePostAction } from '@/lib/posts/actions';
import { POST_SUMMARY_MAX, POST_TITLE_MAX } from '@/lib/posts/limits';
import { pickValues, sameValues, toEditorPost, type EditorPost, type EditorValues } from './editor-values';
import { clearDraft, draftKey, readDraft, writeDraft } from './local-draft';
import { useLeaveGuard } from './use-leave-guard';

export type Intent = 'save' | 'publish' | 'unpublish';

/** The post editor's values, its local draft, the leave guard, and save, publish, unpublish and preview. */
export function usePostEditor({ post: initialPost, userId, defaultLocale }: { post: EditorPost | null; userId: number; defaultLocale: Locale }) {
  const t = useTranslations('posts');
  const tRoot = useTranslations();
  const router = useRouter();
  const confirm = useConfirm();

  const [post, setPost] = useState<EditorPost | null>(initialPost);
  // The editor may hand back the stored body re-serialised (same content, other markup) before
  // anyone types: that form becomes the baseline, so opening an article never counts as a change.
  const [normalisedBody, setNormalisedBody] = useState<{ of: string; html: string } | null>(null);
  const touched = useRef(false);
  const saved = useMemo<EditorValues>(() => {
    const base = post ? pickValues(post) : { title: '', summary: '', coverFileId: null, body: '', locale: defaultLocale };
    return normalisedBody && normalisedBody.of === base.body ? { ...base, body: normalisedBody.html } : base;
  }, [post, defaultLocale, normalisedBody]);
  const [values, setValues] = useState<EditorValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Intent | 'preview' | null>(null);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const key = draftKey(userId, post?.id);
  const dirty = !sameValues(values, saved);

  // A copy left by an earlier visit (a closed tab, a crash) comes back, with a way to drop it.
  useEffect(() => {
    const draft = readDraft<EditorValues>(key);
    if (!draft) return;
    if (sameValues(draft.values, saved)) {
      clearDraft(key);
      return;
    }
    // localStorage exists only in the browser, after hydration: this is the one place to read it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues({ ...saved, ...draft.values });
    setRestoredAt(draft.savedAt);
    // Only on arrival: later changes are ours.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    const timer = window.setTimeout(() => (dirty ? writeDraft(key, values) : clearDraft(key)), 400);
    return () => window.clearTimeout(timer);
  }, [dirty, key, values]);

  const confirmLeave = useCallback(
    () => confirm({ title: t('editor.leaveTitle'), description: t('editor.leaveDescription'), confirmLabel: t('editor.leaveConfirm'), cancelLabel: t('editor.stay') }),
    [confirm, t],
  );
  useLeaveGuard(dirty && busy === null, confirmLeave);

  const onBodyChange = (html: string) => {
    if (!touched.current && !dirty) setNormalisedBody({ of: post?.body ?? '', html });
    set('body', html);
  };

  const set = <K extends keyof EditorValues>(field: K, value: EditorValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const discardRestored = () => {
    clearDraft(key);
    setValues(saved);
    setRestoredAt(null);
    notify.info(t('editor.discarded'));
  };

  const submit = async (intent: Intent): Promise<EditorPost | null> => {
    // The schema (and zod) loads on the first save, not with the page (issue 11).
    const { postInputSchema } = await import('@/lib/posts/schema');
    const parsed = postInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '_');
        next[field] ??= tRoot(runtimeKey<typeof tRoot>(issue.message.includes('.') ? issue.message : 'validation.invalid'), { max: field === 'title' ? POST_TITLE_MAX : POST_SUMMARY_MAX });
      }
      setErrors(next);
      notify.warning(tRoot('errors.validation'));
      return null;
    }
    const result = await savePostAction({ ...parsed.data, id: post?.id, intent });
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      notify.warning(result.message || t('errors.saveFailed'));
      return null;
    }
    const next = toEditorPost(result.data);
    clearDraft(key);
    setRestoredAt(null);
    setErrors({});
    setPost(next);
    setValues(pickValues(next));
    if (!post) {
      clearDraft(draftKey(userId, next.id));
      router.replace(`/posts/edit/${next.id}`, { scroll: false });
    }
    return next;
  };

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

  /** Typing, pasting or dropping into the body: from then on its changes are the user's. */
  const markTouched = () => {
    touched.current = true;
  };

  return { post, values, errors, busy, dirty, restoredAt, set, onBodyChange, markTouched, discardRestored, run, preview };
}
