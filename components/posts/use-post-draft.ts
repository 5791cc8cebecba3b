'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { notify } from '@/lib/notify/notify';
import { sameValues, type EditorValues } from './editor-values';
import { clearDraft, readDraft, writeDraft } from './local-draft';
import type { PostForm } from './post-form';

/**
 * The local copy of unsaved work (localStorage, per user and article): written while the form
 * differs from the saved article, brought back on the next visit, with a way to drop it.
 */
export function usePostDraft(form: PostForm, key: string, saved: EditorValues) {
  const t = useTranslations('posts');
  const { control, formState, getValues, reset } = form;
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const values = useWatch({ control });
  const dirty = formState.isDirty;

  // A copy left by an earlier visit (a closed tab, a crash) comes back; the saved article stays
  // the form's baseline, so the copy counts as unsaved changes.
  useEffect(() => {
    const draft = readDraft<EditorValues>(key);
    if (!draft) return;
    if (sameValues(draft.values, saved)) {
      clearDraft(key);
      return;
    }
    reset({ ...saved, ...draft.values }, { keepDefaultValues: true });
    // localStorage exists only in the browser, after hydration: this is the one place to read it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestoredAt(draft.savedAt);
    // Only on arrival: later changes are ours.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Each change (values) restarts the wait; the copy is of the form as it is then.
  useEffect(() => {
    const timer = window.setTimeout(() => (dirty ? writeDraft(key, getValues()) : clearDraft(key)), 400);
    return () => window.clearTimeout(timer);
  }, [dirty, key, values, getValues]);

  const discardRestored = () => {
    clearDraft(key);
    reset();
    setRestoredAt(null);
    notify.info(t('editor.discarded'));
  };

  /** After a save: the copy is the saved article now. */
  const forget = () => {
    clearDraft(key);
    setRestoredAt(null);
  };

  return { restoredAt, discardRestored, forget };
}
