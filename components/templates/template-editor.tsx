'use client';

import { ArrowLeft, Eye, Info, Save } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import type { RichTextEditorHandle } from '@/components/rich-text-editor/rich-text-editor';
import { AiDraftButton } from '@/components/templates/ai-draft-button';
import { ParameterChips } from '@/components/templates/parameter-chips';
import { SmsCounter } from '@/components/templates/sms-counter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { templateCategories, type SmsScene, type TemplateCategory } from '@/db/constants/templates';
import { notify } from '@/lib/notify/notify';
import { saveTemplateAction } from '@/lib/templates/actions';
import { MAX_NAME_LENGTH, MAX_SMS_LENGTH, MAX_SUBJECT_LENGTH } from '@/lib/templates/limits';
import type { TemplateDto } from '@/lib/templates/service';
import { normalizeTokens } from '@/lib/templates/tokens';

// Lexical (~100 KB gzipped) loads after the page, in its own chunk, behind a same-sized frame.
const RichTextEditor = dynamic(() => import('@/components/rich-text-editor/rich-text-editor').then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <div aria-busy="true" className="min-h-[19rem] rounded-md border border-gray-300 bg-white dark:border-gray-600 dark:bg-gray-900" />,
});

// The preview (sample values, token rendering, the e-mail's HTML view) is not seen at first: its
// code loads once the page is idle, or when it opens, out of the page's first load and hydration.
const TemplatePreviewDialog = dynamic(() => import('@/components/templates/template-preview-dialog').then((m) => m.TemplatePreviewDialog), { ssr: false });

export type EditorProblem = 'trial' | 'common' | 'mismatch' | 'notFound' | null;

interface Props {
  template: TemplateDto | null;
  type: 0 | 1;
  problem: EditorProblem;
  merchantName: string;
}

const REDIRECT_DELAY_MS = 1500;

export function TemplateEditor({ template, type, problem, merchantName }: Props) {
  const t = useTranslations('templates');
  const tSub = useTranslations('subscription');
  const router = useRouter();
  const listHref = `/campaigns/templates?type=${type === 0 ? 'email' : 'text'}`;
  const [name, setName] = useState(template?.templateName ?? '');
  const [category, setCategory] = useState<TemplateCategory>(template?.category ?? 'Reviews');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [scene, setScene] = useState<SmsScene>((template?.scene as SmsScene | null) ?? 'subsequent');
  const [includeUnsubscribe, setIncludeUnsubscribe] = useState(template?.includeUnsubscribe ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewMounted = useLazyMount(previewOpen);
  const [saving, startSaving] = useTransition();
  const editorRef = useRef<RichTextEditorHandle>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const disabled = problem !== null;

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

  const typeLabel = t(`type.${type}`);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={
          <Link href={listHref} className="inline-flex items-center gap-1 text-slate-500 hover:text-primary dark:text-slate-400">
            <ArrowLeft className="size-4" />
            {t('editor.back')}
          </Link>
        }
        title={template ? t('editor.titleEdit', { type: typeLabel }) : t('editor.titleCreate', { type: typeLabel })}
        actions={
          <>
            <AiDraftButton type={type} category={category} disabled={disabled} onDraft={(draft) => {
              if (type === 0 && draft.subject) setSubject(draft.subject);
              setContent(draft.content);
            }} />
            <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
              <Eye />
              {t('editor.preview')}
            </Button>
            <Button onClick={save} loading={saving} disabled={disabled} data-testid="template-save">
              <Save />
              {saving ? t('editor.saving') : t('editor.save')}
            </Button>
          </>
        }
      />
      {problem === 'trial' ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          {t('editor.trialWarning')} {tSub('errors.trialNoEdit')}{' '}
          <Link href="/more" className="font-medium underline underline-offset-4" data-testid="trial-upgrade">
            {tSub('upgrade')}
          </Link>
        </p>
      ) : null}
      {!problem && template && template.activeUse > 0 ? (
        <p role="status" data-testid="template-in-use" className="mb-4 flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('editor.inUseNotice', { count: template.activeUse })}</span>
        </p>
      ) : null}
      <Card className="flex flex-col gap-5 p-5 mobile:p-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('editor.name')} error={errors.templateName} aside={<span className="tabular-nums">{name.length}/{MAX_NAME_LENGTH}</span>}>
            <Input value={name} maxLength={MAX_NAME_LENGTH} disabled={disabled} placeholder={t('editor.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label={t('editor.category')}>
            <SimpleSelect value={category} disabled={disabled} onValueChange={(v) => setCategory(v as TemplateCategory)} options={templateCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
          </FormField>
        </div>
        {type === 0 ? (
          <FormField label={t('editor.subject')} required error={errors.subject} aside={<span className="tabular-nums">{subject.length}/{MAX_SUBJECT_LENGTH}</span>}>
            <Input value={subject} maxLength={MAX_SUBJECT_LENGTH} disabled={disabled} placeholder={t('editor.subjectPlaceholder')} onChange={(e) => setSubject(e.target.value)} />
          </FormField>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('editor.scene')} hint={scene === 'first_optin' ? t('editor.sceneHint') : undefined}>
              <SimpleSelect value={scene} disabled={disabled} onValueChange={(v) => setScene(v as SmsScene)} options={(['first_optin', 'subsequent'] as const).map((s) => ({ value: s, label: t(`editor.scenes.${s}`) }))} />
            </FormField>
            <div className="flex flex-col justify-end gap-1 pb-1">
              <Checkbox checked={includeUnsubscribe} disabled={disabled} onCheckedChange={setIncludeUnsubscribe} label={t('editor.includeUnsubscribe')} />
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('editor.includeUnsubscribeHint', { text: t('editor.unsubscribeText') })}</p>
            </div>
          </div>
        )}
        <ParameterChips onInsert={insertToken} disabled={disabled} />
        {type === 0 ? (
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('editor.content')}</span>
            <RichTextEditor ref={editorRef} value={content} onChange={setContent} uploadModule="campaign" placeholder={t('editor.emailPlaceholder')} ariaLabel={t('editor.content')} disabled={disabled} />
            {errors.content ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{errors.content}</p> : null}
          </div>
        ) : (
          <FormField label={t('editor.content')} required error={errors.content} hint={t('editor.counterHint')} aside={<SmsCounter text={content + (includeUnsubscribe && content ? ` ${t('editor.unsubscribeText')}` : '')} />}>
            <Textarea ref={textareaRef} rows={10} value={content} maxLength={MAX_SMS_LENGTH} disabled={disabled} placeholder={t('editor.smsPlaceholder')} onChange={(e) => setContent(e.target.value)} data-testid="sms-content" />
          </FormField>
        )}
        <p className="flex items-start gap-2 rounded-lg bg-primary-soft px-3 py-2 text-sm text-slate-700 dark:bg-primary/10 dark:text-slate-200">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            {t('editor.brandingHint')}{' '}
            <Link href="/profile" className="font-medium text-primary underline-offset-2 hover:underline">
              {t('editor.brandingLink')}
            </Link>
            {merchantName ? <span className="text-slate-600 dark:text-slate-300"> · {merchantName}</span> : null}
          </span>
        </p>
      </Card>
      {previewMounted ? (
        <TemplatePreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} type={type} subject={subject} content={content} unsubscribeText={type === 1 && includeUnsubscribe ? t('editor.unsubscribeText') : undefined} />
      ) : null}
    </div>
  );
}
