import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';

/** The way back to the contact list, above a contact's page and the import (label translated). */
export function BackToContacts({ label }: { label: string }) {
  return (
    <Link href="/contacts" className="inline-flex items-center gap-1 text-slate-500 hover:text-primary dark:text-slate-400">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
