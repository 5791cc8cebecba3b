/**
 * Reading typography for a published article body (Tailwind's preflight strips heading sizes,
 * list markers and quotes). Roomier than the editor's RICH_CONTENT_CLASSES: this is for reading.
 */
export const ARTICLE_BODY_CLASSES = [
  'text-[17px] leading-[1.8] break-words text-slate-800 dark:text-slate-200 mobile:text-base',
  '[&_p]:my-4 [&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-[1.75em] [&_h1]:leading-tight [&_h1]:font-bold',
  '[&_h2]:mt-9 [&_h2]:mb-3 [&_h2]:text-[1.45em] [&_h2]:leading-snug [&_h2]:font-bold',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-[1.2em] [&_h3]:font-semibold [&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold',
  '[&_h5]:mt-6 [&_h5]:mb-2 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:mb-2 [&_h6]:text-sm [&_h6]:font-semibold',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-7 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-7 [&_li]:my-1.5',
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-primary/50 [&_blockquote]:ps-5 [&_blockquote]:text-slate-600 dark:[&_blockquote]:text-slate-300',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-primary-light',
  '[&_img]:my-6 [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_video]:my-6 [&_video]:max-w-full [&_video]:rounded-xl',
  '[&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
  // A wide table scrolls inside itself, not the page (a 375 px phone scrolled sideways): a block
  // box no wider than the column, whose table keeps its own width inside.
  '[&_table]:my-6 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:p-2 dark:[&_td]:border-slate-700 dark:[&_th]:border-slate-700',
  // Pasted `white-space: nowrap` (and `pre`) lines would run past the phone's edge: they wrap.
  "[&_[style*=nowrap]]:whitespace-normal! [&_[style*='white-space:pre;']]:whitespace-pre-wrap! [&_[style$='white-space:pre']]:whitespace-pre-wrap! [&_pre]:whitespace-pre-wrap",
  // Text on a highlight keeps the light theme's dark colour in dark mode (light text on yellow
  // was unreadable); an author's own colour is inline and still wins.
  'dark:[&_[style*=background]]:text-slate-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800',
].join(' ');
