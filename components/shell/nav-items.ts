export type NavKey = 'dashboard' | 'reviews' | 'sources' | 'campaigns' | 'inbox' | 'contacts' | 'locations' | 'posts';

export interface NavItem {
  key: NavKey;
  href: string;
}

/** The main navigation of spec section 2, grouped for scanning; labels are `nav.<key>`, icons in nav-icons.tsx. */
export const NAV_GROUPS: readonly { key: 'overview' | 'outreach' | 'business'; items: readonly NavItem[] }[] = [
  {
    key: 'overview',
    items: [
      { key: 'dashboard', href: '/dashboard' },
      { key: 'reviews', href: '/reviews' },
      { key: 'sources', href: '/sources' },
    ],
  },
  {
    key: 'outreach',
    items: [
      { key: 'campaigns', href: '/campaigns' },
      { key: 'inbox', href: '/inbox' },
      { key: 'contacts', href: '/contacts' },
    ],
  },
  {
    key: 'business',
    items: [
      { key: 'locations', href: '/locations' },
      { key: 'posts', href: '/posts' },
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
