/**
 * Typography for rich HTML inside our Tailwind pages (preflight removes heading sizes, list
 * markers and quote styles). Used by the editor and by read-only previews, so both look alike.
 */
export const RICH_CONTENT_CLASSES = [
  'text-[15px] leading-relaxed break-words',
  '[&_p]:my-2 [&_h1]:my-3 [&_h1]:text-[2em] [&_h1]:font-bold [&_h2]:my-3 [&_h2]:text-[1.5em] [&_h2]:font-bold',
  '[&_h3]:my-2 [&_h3]:text-[1.25em] [&_h3]:font-semibold [&_h4]:my-2 [&_h4]:text-[1.1em] [&_h4]:font-semibold',
  '[&_h5]:my-2 [&_h5]:font-semibold [&_h6]:my-2 [&_h6]:text-sm [&_h6]:font-semibold',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_blockquote]:text-gray-600',
  'dark:[&_blockquote]:border-gray-600 dark:[&_blockquote]:text-gray-300',
  // Highlighted text stays dark in dark mode (light text on yellow was unreadable).
  'dark:[&_[style*=background]]:text-gray-900',
  '[&_a]:text-primary [&_a]:underline [&_img]:inline-block [&_img]:max-w-full [&_video]:max-w-full',
].join(' ');
