import { Plus } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';

/** "New article": in the page header and in the empty list (the label comes translated). */
export function NewPostButton({ label }: { label: string }) {
  return (
    <Button asChild>
      <Link href="/posts/add">
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
