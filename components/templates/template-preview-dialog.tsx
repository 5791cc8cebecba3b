'use client';

import { useLocale, useTranslations } from 'next-intl';
import { RichHtml } from '@/components/rich-text-editor/rich-html';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { renderTokens } from '@/lib/templates/tokens';
import { sampleValues } from './sample-values';

interface PreviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  type: 0 | 1;
  subject: string;
  content: string;
  /** SMS: the opt-out text appended when sending. */
  unsubscribeText?: string;
}

/** Preview with a sample member's values (aliases normalised like on save). */
export function TemplatePreviewDialog({ open, onOpenChange, type, subject, content, unsubscribeText }: PreviewProps) {
  const t = useTranslations('templates');
  const locale = useLocale();
  const values = sampleValues(locale);
  const smsText = renderTokens(content, values) + (unsubscribeText ? ` ${unsubscribeText}` : '');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('editor.previewTitle')}</DialogTitle>
          <DialogDescription>{t('editor.previewSample', { name: values.fullName })}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm" data-testid="template-preview">
          <dt className="text-slate-500 dark:text-slate-400">{t('detail.type')}</dt>
          <dd>{t(`type.${type}`)}</dd>
          {type === 0 ? (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t('detail.subject')}</dt>
              <dd className="font-medium">{renderTokens(subject, values) || '-'}</dd>
            </>
          ) : null}
          <dt className="text-slate-500 dark:text-slate-400">{t('detail.content')}</dt>
          <dd className="min-w-0">
            {type === 0 ? (
              <div className="max-h-[55vh] overflow-auto rounded-lg border border-slate-200 bg-white p-4 text-slate-800 dark:border-slate-700">
                {content ? <RichHtml html={renderTokens(content, values, { html: true })} /> : <span className="text-slate-400">{t('editor.previewEmpty')}</span>}
              </div>
            ) : (
              <div className="max-w-xs whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-slate-800 dark:bg-slate-800 dark:text-slate-100">{smsText.trim() || t('editor.previewEmpty')}</div>
            )}
          </dd>
        </dl>
      </DialogContent>
    </Dialog>
  );
}
