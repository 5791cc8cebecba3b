import Link from 'next/link';
import { cn } from './cn';
import { listClasses, tabClasses, TabCount } from './tab-parts';

export interface LinkTab {
  href: string;
  label: React.ReactNode;
  active: boolean;
  count?: number;
}

/**
 * Tabs that are routes (Campaigns | Templates): links with aria-current, not ARIA tabs. Not a client
 * module (unlike ./tabs.tsx): from a server page only next/link reaches the browser (issue 22).
 */
export function LinkTabs({ items, className, 'aria-label': ariaLabel }: { items: readonly LinkTab[]; className?: string; 'aria-label'?: string }) {
  return (
    <nav aria-label={ariaLabel} className={cn(listClasses, className)}>
      {items.map((item) => (
        <Link key={item.href} href={item.href} aria-current={item.active ? 'page' : undefined} className={tabClasses(item.active)}>
          {item.label}
          {item.count !== undefined && <TabCount active={item.active} count={item.count} />}
        </Link>
      ))}
    </nav>
  );
}
