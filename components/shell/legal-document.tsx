import { CalendarDays, ShieldCheck } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { cn, focusRing } from '@/components/ui/cn';

/** Section keys in reading order; the text lives in messages under legal.<doc>.sections.<key>. */
export const LEGAL_SECTIONS = {
  privacy: ['intro', 'collect', 'use', 'roles', 'share', 'cookies', 'retention', 'security', 'rights', 'children', 'changes', 'contact'],
  terms: ['accept', 'service', 'account', 'plans', 'messaging', 'content', 'thirdParty', 'suspension', 'liability', 'changes', 'contact'],
} as const;

/** Privacy policy or terms: headed sections with a table of contents (spec: last updated 20 October 2025). */
export async function LegalDocument({ doc }: { doc: keyof typeof LEGAL_SECTIONS }) {
  const t = await getTranslations(`legal.${doc}`);
  const tl = await getTranslations('legal');
  const sections = LEGAL_SECTIONS[doc];
  return (
    <main className="mx-auto grid w-full max-w-6xl grid-cols-[240px_minmax(0,1fr)] gap-10 px-6 py-12 mobile:grid-cols-1 mobile:gap-6 mobile:px-4 mobile:py-8">
      <nav aria-labelledby="legal-contents" className="sticky top-24 self-start mobile:hidden">
        <p id="legal-contents" className="mb-3 text-xs font-medium tracking-wider text-slate-400 uppercase dark:text-slate-500">
          {tl('contents')}
        </p>
        <ol className="flex flex-col gap-1 border-s border-slate-200 text-sm dark:border-slate-800">
          {sections.map((key, index) => (
            <li key={key}>
              <a href={`#${key}`} className={cn('-ms-px block border-s border-transparent py-1 ps-4 text-slate-500 hover:border-primary hover:text-primary dark:text-slate-400', focusRing)}>
                <span className="me-1.5 text-slate-500 tabular-nums dark:text-slate-400">{index + 1}.</span>
                {t(`sections.${key}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="min-w-0 rounded-2xl border border-slate-200 bg-white px-10 py-10 shadow-xs mobile:px-5 mobile:py-7 dark:border-slate-800 dark:bg-slate-900">
        <header className="border-b border-slate-100 pb-7 dark:border-slate-800">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900 mobile:text-2xl dark:text-white">{t('title')}</h1>
          <p className="mt-3 inline-flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400" data-testid="last-updated">
            <CalendarDays className="size-4" aria-hidden="true" />
            {tl('lastUpdated')}
          </p>
          <p className="mt-5 flex items-start gap-3 rounded-xl bg-primary-soft px-4 py-3 text-sm leading-relaxed text-slate-700 dark:bg-primary/10 dark:text-slate-200">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('summary')}
          </p>
        </header>
        {sections.map((key, index) => (
          <section key={key} id={key} aria-labelledby={`${key}-title`} className="scroll-mt-24 border-b border-slate-100 py-7 last:border-0 last:pb-0 dark:border-slate-800">
            <h2 id={`${key}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
              <span className="me-2 text-primary tabular-nums">{index + 1}.</span>
              {t(`sections.${key}.title`)}
            </h2>
            <Body text={t(`sections.${key}.body`)} />
          </section>
        ))}
      </article>
    </main>
  );
}

/** Paragraphs separated by newlines; runs of lines starting with "- " become a bullet list. */
function Body({ text }: { text: string }) {
  const blocks: ({ kind: 'p'; text: string } | { kind: 'ul'; items: string[] })[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'ul') last.items.push(line.slice(2));
      else blocks.push({ kind: 'ul', items: [line.slice(2)] });
    } else if (line.trim()) blocks.push({ kind: 'p', text: line });
  }
  return (
    <div className="mt-3 flex flex-col gap-3 text-[15px] leading-7 text-slate-600 dark:text-slate-300">
      {blocks.map((block, i) =>
        block.kind === 'p' ? (
          <p key={i}>{block.text}</p>
        ) : (
          <ul key={i} className="flex flex-col gap-2 ps-1">
            {block.items.map((item) => (
              <li key={item} className="relative ps-5 before:absolute before:start-0 before:top-[0.7em] before:size-1.5 before:rounded-full before:bg-primary/60">
                {item}
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
