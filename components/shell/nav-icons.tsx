import { BarChart3, Inbox, MapPin, Megaphone, MessageSquareQuote, Newspaper, PlugZap, Users } from 'lucide-react';
import type { NavKey } from './nav-items';

export type NavIcons = Record<NavKey, React.ReactElement<{ className?: string }>>;

/**
 * The navigation's icons, as elements for NavList. The sidebar renders them on the server, so
 * lucide's icons are not in every signed-in page's JavaScript (issue 22); the drawer, loaded when
 * first opened, brings them in its own chunk.
 */
export function navIcons(): NavIcons {
  return {
    dashboard: <BarChart3 aria-hidden="true" />,
    reviews: <MessageSquareQuote aria-hidden="true" />,
    sources: <PlugZap aria-hidden="true" />,
    campaigns: <Megaphone aria-hidden="true" />,
    inbox: <Inbox aria-hidden="true" />,
    contacts: <Users aria-hidden="true" />,
    locations: <MapPin aria-hidden="true" />,
    posts: <Newspaper aria-hidden="true" />,
  };
}
