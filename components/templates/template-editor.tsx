'use client';

import { ArrowLeft, Eye, Save } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AiDraftButton } from '@/components/templates/ai-draft-button';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import type { TemplateRecord } from '@/lib/templates/record';
import { TemplateEditorNotices } from './template-editor-notices';
import { TemplateFields } from './template-fields';
import { useTemplateEditor, type EditorProblem } from './use-template-editor';

// The preview (sample values, token rendering, the e-mail's HTML view) is not seen at first: its
// code loads once the page is idle, or when it opens, out of the page's first load and hydration.
const TemplatePreviewDialog = dynamic(() => import('@/components/templates/template-preview-dialog').then((m) => m.TemplatePreviewDialog), { ssr: false });

interface Props {
  template: TemplateRecord | null;
  type: 0 | 1;
  problem: EditorProblem;
  merchantName: string;
}

/** Create or edit an e-mail or SMS template (spec sections 4 and 5). */
export function TemplateEditor({ template, type, problem, merchantName }: Props) {
  const t = useTranslations('templates');
  const listHref = `/campaigns/templates?type=${type === 0 ? 'email' : 'text'}`;
  const editor = useTemplateEditor({ template, type, problem, listHref });
  const { values, setters, saving } = editor;
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewMounted = useLazyMount(previewOpen);
  const disabled = problem !== null;

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
            <AiDraftButton type={type} category={values.category} disabled={disabled} onDraft={(draft) => {
              if (type === 0 && draft.subject) setters.setSubject(draft.subject);
              setters.setContent(draft.content);
            }} />
            <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
              <Eye />
              {t('editor.preview')}
            </Button>
            <Button onClick={editor.save} loading={saving} disabled={disabled} data-testid="template-save">
              <Save />
              {saving ? t('editor.saving') : t('editor.save')}
            </Button>
          </>
        }
      />
      <TemplateEditorNotices problem={problem} template={template} />
      <TemplateFields editor={editor} type={type} disabled={disabled} merchantName={merchantName} />
      {previewMounted ? (
        <TemplatePreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} type={type} subject={values.subject} content={values.content} unsubscribeText={type === 1 && values.includeUnsubscribe ? t('editor.unsubscribeText') : undefined} />
      ) : null}
    </div>
  );
}
