'use client';

import { useRouter } from 'next/navigation';

/**
 * A link that navigates in the page like next/link (no full load; a modified or middle click is the
 * browser's), without next/link's code. For the not-found page's frame: that page is in every route's
 * first load, and Turbopack copies next/link (~4 KB gzipped) into its chunk as well as into the
 * page's (issue 22). It does not prefetch.
 */
export function PlainLink({ href, onClick, ...props }: React.ComponentProps<'a'> & { href: string }) {
  const router = useRouter();
  const follow = (event: React.MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || props.target) return;
    event.preventDefault();
    router.push(href);
  };
  return <a {...props} href={href} onClick={follow} />;
}
