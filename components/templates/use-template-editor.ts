'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { RichTextEditorHandle } from '@/components/rich-text-editor/rich-text-editor';
import { notify } from '@/lib/notify/notify';
import { isStaleEdit } from '@/components/forms/stale-edit-notice';
import { saveTemplateAction } from '@/lib/templates/actions';
import type { TemplateRecord } from '@/lib/templates/record';
import { rememberTemplateTab } from './template-tab-memory';
import { templateFormValues, templateResolver, type TemplateFormOutput, type TemplateFormValues } from './template-form';

export type EditorProblem = 'trial' | 'common' | 'mismatch' | 'notFound' | null;

const REDIRECT_DELAY_MS = 1500;

/** The template editor's form, the token insertion, the save, and the return to the list on a refusal. */
export function useTemplateEditor({ template, type, problem, listHref }: { template: TemplateRecord | null; type: 0 | 1; problem: EditorProblem; listHref: string }) {
  const t = useTranslations('templates');
  const router = useRouter();
  const [resolver] = useState(() => templateResolver((tokens) => t('errors.unknownTokens', { tokens })));
  const form = useForm<TemplateFormValues, unknown, TemplateFormOutput>({ resolver, mode: 'onTouched', defaultValues: templateFormValues(template, type) });
  const { getValues, setValue, setError, handleSubmit, formState } = form;
  // After a save the list opens: the button stays busy until it has.
  const [leaving, startLeaving] = useTransition();
  const editorRef = useRef<RichTextEditorHandle>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // The type in use is the template tab to remember (the list opens on it next time).
  useEffect(() => {
    if (!problem) rememberTemplateTab(type === 0 ? 'email' : 'text');
  }, [type, problem]);

  // Spec sections 4 and 5: warn, then return to the list.
  useEffect(() => {
    if (!problem) return;
    const message = problem === 'trial' ? t('editor.trialWarning') : problem === 'common' ? t('errors.noPermission') : problem === 'mismatch' ? t('errors.typeMismatch') : t('errors.notFound');
    notify.warning(message);
    const timer = window.setTimeout(() => router.replace(listHref), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [problem, router, listHref, t]);

  /** The SMS textarea's registration, its element also kept for the caret (where a token goes). */
  const registerSmsContent = () => {
    const field = form.register('content');
    const ref = (area: HTMLTextAreaElement | null) => {
      field.ref(area);
      textareaRef.current = area;
    };
    return { ...field, ref };
  };

  const insertToken = (token: string) => {
    if (type === 0) {
      editorRef.current?.insertText(token);
      return;
    }
    const area = textareaRef.current;
    const content = getValues('content') ?? '';
    const start = area?.selectionStart ?? content.length;
    const end = area?.selectionEnd ?? content.length;
    setValue('content', content.slice(0, start) + token + content.slice(end), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  /** An AI draft replaces the subject (e-mail) and the content. */
  const applyDraft = (draft: { subject: string | null; content: string }) => {
    if (type === 0 && draft.subject) setValue('subject', draft.subject, { shouldDirty: true });
    setValue('content', draft.content, { shouldDirty: true });
  };

  const save = handleSubmit(async (body) => {
    const result = await saveTemplateAction({ ...body, templateId: template?.templateId ?? null });
    if (result.ok) {
      const saved = result.message ?? t('saved');
      // Campaigns being scheduled or sent keep their version: said again as the edit is saved.
      notify.success(result.data.activeUse > 0 ? `${saved} ${t('editor.inUseNotice', { count: result.data.activeUse })}` : saved);
      startLeaving(() => {
        router.push(listHref);
        router.refresh();
      });
      return;
    }
    if (isStaleEdit(result)) setError('root.stale', { type: 'stale', message: result.message });
    for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field as keyof TemplateFormValues, { type: 'server', message: text });
    notify.warning(result.message || t('errors.saveFailed'));
  });

  return { form, saving: formState.isSubmitting || leaving, stale: formState.errors.root?.stale?.message, editorRef, registerSmsContent, insertToken, applyDraft, save };
}
