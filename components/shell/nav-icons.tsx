import { BarChart3, Inbox, MapPin, Megaphone, MessageSquareQuote, Newspaper, PlugZap, Users, type LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { NavKey } from './nav-items';

/** Each item's icon drawn for the current page and for the others. */
export type NavIcons = Record<NavKey, { active: React.ReactNode; idle: React.ReactNode }>;

const ICONS: Record<NavKey, LucideIcon> = {
  dashboard: BarChart3,
  reviews: MessageSquareQuote,
  sources: PlugZap,
  campaigns: Megaphone,
  inbox: Inbox,
  contacts: Users,
  locations: MapPin,
  posts: Newspaper,
};

/**
 * The navigation's icons, both ways, for NavList to pick from. The sidebar renders them on the
 * server, so lucide's icons are not in every signed-in page's JavaScript (issue 22); the drawer,
 * loaded when first opened, brings them in its own chunk.
 */
export function navIcons(): NavIcons {
  const icons = {} as NavIcons;
  for (const [key, Icon] of Object.entries(ICONS) as [NavKey, LucideIcon][]) {
    icons[key] = {
      active: <Icon className={cn('size-[18px] shrink-0', 'text-primary dark:text-primary-light')} aria-hidden="true" />,
      idle: <Icon className={cn('size-[18px] shrink-0', 'text-slate-400 group-hover:text-slate-600 dark:text-slate-500 dark:group-hover:text-slate-300')} aria-hidden="true" />,
    };
  }
  return icons;
}
