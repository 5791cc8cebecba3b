'use client';

import { Info } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TemplateRecord } from '@/lib/templates/record';
import type { EditorProblem } from './use-template-editor';

/** Above the form: the trial's refusal with the way to upgrade, or the campaigns using the template. */
export function TemplateEditorNotices({ problem, template }: { problem: EditorProblem; template: TemplateRecord | null }) {
  const t = useTranslations('templates');
  const tSub = useTranslations('subscription');
  return (
    <>
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
    </>
  );
}
