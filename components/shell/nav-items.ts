import { BarChart3, Inbox, MapPin, Megaphone, MessageSquareQuote, Newspaper, PlugZap, Users, type LucideIcon } from 'lucide-react';

export type NavKey = 'dashboard' | 'reviews' | 'sources' | 'campaigns' | 'inbox' | 'contacts' | 'locations' | 'posts';

export interface NavItem {
  key: NavKey;
  href: string;
  icon: LucideIcon;
}

/** The main navigation of spec section 2, grouped for scanning; labels are `nav.<key>`. */
export const NAV_GROUPS: readonly { key: 'overview' | 'outreach' | 'business'; items: readonly NavItem[] }[] = [
  {
    key: 'overview',
    items: [
      { key: 'dashboard', href: '/dashboard', icon: BarChart3 },
      { key: 'reviews', href: '/reviews', icon: MessageSquareQuote },
      { key: 'sources', href: '/sources', icon: PlugZap },
    ],
  },
  {
    key: 'outreach',
    items: [
      { key: 'campaigns', href: '/campaigns', icon: Megaphone },
      { key: 'inbox', href: '/inbox', icon: Inbox },
      { key: 'contacts', href: '/contacts', icon: Users },
    ],
  },
  {
    key: 'business',
    items: [
      { key: 'locations', href: '/locations', icon: MapPin },
      { key: 'posts', href: '/posts', icon: Newspaper },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_GROUPS.flatMap((group) => group.items);

/** The item a path belongs to (/campaigns/templates/create is under campaigns). */
export function activeNavKey(pathname: string): NavKey | null {
  const item = NAV_ITEMS.find((i) => pathname === i.href || pathname.startsWith(`${i.href}/`));
  return item?.key ?? null;
}

/** Whether the user's menus list (spec section 3) allows an item; an empty list allows all. */
export function allowedItems(menus: readonly string[] | undefined): (item: NavItem) => boolean {
  return (item) => !menus || menus.length === 0 || menus.includes(item.key);
}
