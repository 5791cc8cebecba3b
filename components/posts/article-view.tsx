import { withoutDefaultColours } from '@/components/rich-text-editor/kept-styles';
import { cn } from '@/components/ui/cn';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { translatorFor } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/locales';
import { formatDate } from '@/lib/time/format';
import { ARTICLE_BODY_CLASSES } from './article-body-classes';

export interface ArticleViewProps {
  title: string;
  summary: string;
  coverUrl: string | null;
  body: string;
  locale: Locale;
  publishedAt: Date | null;
  merchantName: string;
  /**
   * Shown inside the app shell (the editor's preview), whose own <main> holds it: the article then
   * renders no second <main> (axe landmark-no-duplicate-main). The public page, with no shell, keeps it.
   */
  embedded?: boolean;
  className?: string;
}

/**
 * The article as the public reads it: shared by the public page and the editor's preview, so the
 * preview is the real thing. Its labels follow the article's language, not the reader's interface
 * language (a reader of an English article sees "Published …" whatever the merchant's settings).
 */
export function ArticleView({ title, summary, coverUrl, body, locale, publishedAt, merchantName, embedded = false, className }: ArticleViewProps) {
  const t = translatorFor(locale);
  // Stored bodies are sanitised on every write; cleaning again on render costs little and
  // protects rows written before a sanitiser rule was added. Black text and white paper pasted
  // from Word or Google Docs only restate the document's default: dropped, the dark theme's
  // light text shows instead of black on slate-950.
  const html = withoutDefaultColours(sanitizeRichHtml(body));
  const Main = embedded ? 'div' : 'main';
  return (
    <div lang={locale} className={cn('flex flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100', className)}>
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-5">
          <span className="truncate text-[15px] font-semibold tracking-tight">{merchantName}</span>
        </div>
      </header>
      <Main className="flex-1">
        <article className="mx-auto max-w-3xl px-5 pt-10 pb-16 mobile:pt-6">
          <h1 className="text-[2rem] leading-tight font-bold tracking-tight text-balance text-slate-900 mobile:text-[1.6rem] dark:text-white">{title}</h1>
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
            {publishedAt ? t('posts.article.publishedOn', { date: formatDate(publishedAt, locale) }) : t('posts.article.notPublished')}
          </p>
          {summary && <p className="mt-5 text-lg leading-relaxed text-slate-600 dark:text-slate-300">{summary}</p>}
          {coverUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- our own file route; next/image would need a loader for it
            <img src={coverUrl} alt="" className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover dark:bg-slate-800" />
          )}
          <div className={`mt-8 ${ARTICLE_BODY_CLASSES}`} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      </Main>
      <footer className="border-t border-slate-200 py-6 text-center text-xs text-slate-400 dark:border-slate-800 dark:text-slate-500">{t('posts.article.poweredBy')}</footer>
    </div>
  );
}
