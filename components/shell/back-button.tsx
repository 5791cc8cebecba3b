'use client';

import { useRouter } from 'next/navigation';

/**
 * "Go back" of the status pages. Its classes, icon and label come from the server (status-page.tsx):
 * the not-found page is in every route's first load, so this stays a bare button (issue 22).
 */
export function BackButton({ className, children }: { className: string; children: React.ReactNode }) {
  const router = useRouter();
  return (
    <button type="button" className={className} onClick={() => router.back()}>
      {children}
    </button>
  );
}
