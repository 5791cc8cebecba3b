'use client';

import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import type { PreviewData } from './use-template-preview';

/** The rendered message for the first member: e-mail in a sandboxed frame, SMS as a bubble. */
export function MessagePreviewDialog({ data, channel, onClose }: { data: PreviewData | null; channel: number; onClose: () => void }) {
  const t = useTranslations('campaigns.preview');
  return (
    <Dialog open={data !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        {data && (
          <div className="space-y-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              <dt className="text-slate-500 dark:text-slate-400">{t('template')}</dt>
              <dd className="min-w-0 break-words">{data.templateName}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('member')}</dt>
              <dd className="min-w-0 break-words">
                {data.memberName} <span className="text-slate-500 dark:text-slate-400">{channel === 0 ? data.memberEmail : data.memberPhone}</span>
              </dd>
              {channel === 0 && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">{t('subject')}</dt>
                  <dd className="min-w-0 break-words font-medium" data-testid="preview-subject">{data.subject}</dd>
                </>
              )}
              <dt className="text-slate-500 dark:text-slate-400">{t('reviewLink')}</dt>
              <dd className="min-w-0 break-all">{data.variables.reviewLink || <span className="text-amber-600">{t('noReviewLink')}</span>}</dd>
            </dl>
            {channel === 0 ? (
              // The template's HTML is shown in a sandboxed frame: no scripts, forms or navigation. It
              // is same-origin only so that Escape pressed inside it closes the dialog too.
              <iframe
                title={t('content')}
                sandbox="allow-same-origin"
                srcDoc={data.content}
                onLoad={(event) => event.currentTarget.contentDocument?.addEventListener('keydown', (key) => key.key === 'Escape' && onClose())}
                className="h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
              />
            ) : (
              <div className="rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 whitespace-pre-wrap break-words dark:bg-slate-800" data-testid="preview-sms">
                {data.content}
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
