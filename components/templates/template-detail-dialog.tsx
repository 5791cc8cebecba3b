'use client';

import { useTranslations } from 'next-intl';
import { RichHtml } from '@/components/rich-text-editor/rich-html';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import type { TemplateRecord } from '@/lib/templates/record';

/** Name, type, subject (if any) and content as formatted HTML (spec section 2). */
export function TemplateDetailDialog({ template, onOpenChange }: { template: TemplateRecord | null; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('templates');
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('detail.title')}</DialogTitle>
        </DialogHeader>
        {template ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm" data-testid="template-detail">
            <dt className="text-slate-500 dark:text-slate-400">{t('detail.name')}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-medium">
              {template.templateName}
              {template.merchantId === 0 ? <Badge tone="info">{t('common')}</Badge> : null}
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('detail.type')}</dt>
            <dd>{t(`type.${template.type}`)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('detail.category')}</dt>
            <dd>{t(`categories.${template.category}`)}</dd>
            {template.subject ? (
              <>
                <dt className="text-slate-500 dark:text-slate-400">{t('detail.subject')}</dt>
                <dd>{template.subject}</dd>
              </>
            ) : null}
            <dt className="text-slate-500 dark:text-slate-400">{t('detail.content')}</dt>
            <dd className="min-w-0">
              {template.type === 0 ? (
                <div className="max-h-[55vh] overflow-auto rounded-lg border border-slate-200 bg-white p-4 text-slate-800 dark:border-slate-700">
                  <RichHtml html={template.content} />
                </div>
              ) : (
                <p className="whitespace-pre-wrap break-words">{template.content}</p>
              )}
            </dd>
          </dl>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
