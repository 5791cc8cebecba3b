'use client';

import { ArrowLeft, Eye, Save } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AiDraftButton } from '@/components/templates/ai-draft-button';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { StaleEditNotice } from '@/components/forms/stale-edit-notice';
import type { TemplateRecord } from '@/lib/templates/record';
import { TemplateEditorNotices } from './template-editor-notices';
import { TemplateFields } from './template-fields';
import { TemplatePreview } from './template-preview';
import { useTemplateEditor, type EditorProblem } from './use-template-editor';

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
  const { form, saving } = editor;
  const category = useWatch({ control: form.control, name: 'category' });
  const [previewOpen, setPreviewOpen] = useState(false);
  const disabled = problem !== null;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={
          <Link href={listHref} className="inline-flex items-center gap-1 text-slate-500 hover:text-primary dark:text-slate-400">
            <ArrowLeft className="size-4" />
            {t('editor.back')}
          </Link>
        }
        title={template ? t('editor.titleEdit', { type: String(type) }) : t('editor.titleCreate', { type: String(type) })}
        actions={
          <>
            <AiDraftButton type={type} category={category ?? 'Reviews'} disabled={disabled} onDraft={editor.applyDraft} />
            <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
              <Eye />
              {t('editor.preview')}
            </Button>
            <Button onClick={() => void editor.save()} loading={saving} disabled={disabled} data-testid="template-save">
              <Save />
              {saving ? t('editor.saving') : t('editor.save')}
            </Button>
          </>
        }
      />
      <TemplateEditorNotices problem={problem} template={template} />
      <StaleEditNotice message={editor.stale} className="mb-4" />
      <TemplateFields editor={editor} type={type} disabled={disabled} merchantName={merchantName} />
      <TemplatePreview control={form.control} type={type} open={previewOpen} onOpenChange={setPreviewOpen} />
    </div>
  );
}
