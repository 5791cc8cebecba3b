import { useTranslations } from 'next-intl';
import { Paperclip } from 'lucide-react';
import type { InboxMedia } from '@/db/schema/inbox';
import { mediaKind } from '@/lib/inbox/media';

/**
 * An MMS's media in the thread: images as images (a link to the full size), anything else as a
 * link naming its kind and type. Shown straight from Twilio's URLs (public unless the account
 * turned on HTTP auth for media; then the link still opens Twilio's sign-in), never proxied.
 */
export function MessageMedia({ media }: { media: InboxMedia[] }) {
  const t = useTranslations('inbox.media');
  const shown = media.filter((m) => /^https?:\/\//i.test(m.url));
  if (!shown.length) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-2" aria-label={t('list')} data-testid="message-media">
      {shown.map((m, i) => {
        const kind = mediaKind(m.contentType);
        const label = t('label', { kind: t(`kind.${kind}`), index: i + 1, count: shown.length, type: m.contentType });
        return (
          <li key={i} className="max-w-full">
            <a href={m.url} target="_blank" rel="noopener noreferrer" className="block max-w-full underline-offset-2 hover:underline">
              {kind === 'image' ? (
                // Twilio's host, unknown sizes: a plain <img> (next/image would need every media host configured).
                // eslint-disable-next-line @next/next/no-img-element
                <img src={m.url} alt={label} loading="lazy" referrerPolicy="no-referrer" className="block h-auto max-h-60 w-60 max-w-full rounded-md bg-slate-100 object-contain dark:bg-slate-800" />
              ) : (
                <span className="inline-flex items-center gap-1 break-all text-xs">
                  <Paperclip className="size-3 shrink-0" aria-hidden /> {label}
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
