'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import type { RichTextEditorHandle } from '@/components/rich-text-editor/rich-text-editor';
import type { SmsScene, TemplateCategory } from '@/db/constants/templates';
import { notify } from '@/lib/notify/notify';
import { saveTemplateAction } from '@/lib/templates/actions';
import type { TemplateRecord } from '@/lib/templates/record';
import { normalizeTokens } from '@/lib/templates/tokens';

export type EditorProblem = 'trial' | 'common' | 'mismatch' | 'notFound' | null;

const REDIRECT_DELAY_MS = 1500;

/** The template editor's values, the token insertion, the save, and the return to the list on a refusal. */
export function useTemplateEditor({ template, type, problem, listHref }: { template: TemplateRecord | null; type: 0 | 1; problem: EditorProblem; listHref: string }) {
  const t = useTranslations('templates');
  const router = useRouter();
  const [name, setName] = useState(template?.templateName ?? '');
  const [category, setCategory] = useState<TemplateCategory>(template?.category ?? 'Reviews');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [scene, setScene] = useState<SmsScene>((template?.scene as SmsScene | null) ?? 'subsequent');
  const [includeUnsubscribe, setIncludeUnsubscribe] = useState(template?.includeUnsubscribe ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, startSaving] = useTransition();
  const editorRef = useRef<RichTextEditorHandle>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // Spec sections 4 and 5: warn, then return to the list.
  useEffect(() => {
    if (!problem) return;
    const message = problem === 'trial' ? t('editor.trialWarning') : problem === 'common' ? t('errors.noPermission') : problem === 'mismatch' ? t('errors.typeMismatch') : t('errors.notFound');
    notify.warning(message);
    const timer = window.setTimeout(() => router.replace(listHref), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [problem, router, listHref, t]);

  const insertToken = (token: string) => {
    if (type === 0) {
      editorRef.current?.insertText(token);
      return;
    }
    const area = textareaRef.current;
    const start = area?.selectionStart ?? content.length;
    const end = area?.selectionEnd ?? content.length;
    const next = content.slice(0, start) + token + content.slice(end);
    setContent(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = () => {
    const unknown = [...new Set([...normalizeTokens(subject).unknown, ...normalizeTokens(content).unknown])];
    if (unknown.length) {
      setErrors({ content: t('errors.unknownTokens', { tokens: unknown.map((u) => `{{${u}}}`).join(', ') }) });
      return;
    }
    setErrors({});
    startSaving(async () => {
      const result = await saveTemplateAction({
        templateId: template?.templateId ?? null,
        templateName: name,
        type,
        category,
        subject: type === 0 ? subject : null,
        content,
        scene: type === 1 ? scene : null,
        includeUnsubscribe: type === 1 ? includeUnsubscribe : false,
        description: template?.description ?? '',
        isDefault: template?.isDefault ?? false,
      });
      if (result.ok) {
        const saved = result.message ?? t('saved');
        // Campaigns being scheduled or sent keep their version: said again as the edit is saved.
        notify.success(result.data.activeUse > 0 ? `${saved} ${t('editor.inUseNotice', { count: result.data.activeUse })}` : saved);
        router.push(listHref);
        router.refresh();
      } else {
        setErrors(result.fieldErrors ?? {});
        notify.warning(result.message || t('errors.saveFailed'));
      }
    });
  };

  return {
    values: { name, category, subject, content, scene, includeUnsubscribe },
    setters: { setName, setCategory, setSubject, setContent, setScene, setIncludeUnsubscribe },
    errors,
    saving,
    editorRef,
    textareaRef,
    insertToken,
    save,
  };
}
