import { CheckCircle2, Hammer } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';

export type ComingSoonPage =
  | 'dashboard'
  | 'more'
  | 'reviews'
  | 'sources'
  | 'campaigns'
  | 'templates'
  | 'templateEditor'
  | 'emailRequest'
  | 'smsRequest'
  | 'inbox'
  | 'contacts'
  | 'contactsImport'
  | 'locations'
  | 'posts'
  | 'postEditor'
  | 'postPreview'
  | 'profile'
  | 'settings';

/**
 * What a route will hold, until its owner replaces the page (issue 2: every route of spec
 * section 2 exists from the start and says, translated, what will be there).
 */
export async function ComingSoon({ page, icon: Icon = Hammer }: { page: ComingSoonPage; icon?: React.ComponentType<{ className?: string }> }) {
  const t = await getTranslations(`shell.pages.${page}`);
  const ts = await getTranslations('shell.comingSoon');
  const points = [t('point1'), t('point2'), t('point3')];
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <section
        aria-labelledby="coming-soon-lead"
        className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-8 shadow-xs mobile:p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <div aria-hidden="true" className="pointer-events-none absolute -end-16 -top-16 size-64 rounded-full bg-primary/10 blur-3xl dark:bg-primary/15" />
        <div className="relative flex items-start gap-6 mobile:flex-col mobile:gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary-400 to-primary-600 text-white shadow-lg shadow-primary/25">
            <Icon className="size-7" />
          </span>
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-col items-start gap-2">
              <Badge tone="primary">{ts('badge')}</Badge>
              <p id="coming-soon-lead" className="text-[15px] font-medium text-slate-800 dark:text-slate-100">
                {ts('lead')}
              </p>
            </div>
            <ul className="flex flex-col gap-2.5">
              {points.map((point) => (
                <li key={point} className="flex items-start gap-2.5 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-400 dark:text-slate-500">{ts('footnote')}</p>
          </div>
        </div>
      </section>
    </>
  );
}
