import { getTranslations } from 'next-intl/server';
import { SessionKeeper } from '@/components/session/session-keeper';
import { Sidebar } from '@/components/shell/sidebar';
import { SkipLink } from '@/components/shell/skip-link';
import { TopBar } from '@/components/shell/top-bar';
import { OutboxBanner } from '@/components/shell/outbox-banner';
import { requireSession } from '@/lib/auth/session';
import { readTheme } from '@/lib/theme/read-theme';

/**
 * The signed-in shell: sidebar (drawer at <= 720 px), top bar, and the page's content, inside the
 * session keeper (token refresh checks and the signed-in user state for client components).
 */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const { user, accessTokenExpires } = await requireSession();
  const t = await getTranslations('nav');
  const theme = await readTheme();
  return (
    <SessionKeeper user={user} accessTokenExpires={accessTokenExpires}>
    <div className="min-h-dvh">
      <SkipLink label={t('skipToContent')} />
      <Sidebar menus={user.menus} />
      <div className="flex min-h-dvh flex-col ps-60 mobile:ps-0">
        <TopBar merchantName={user.merchantName} userName={user.userName} email={user.email} avatar={user.avatar} menus={user.menus} theme={theme} />
        <OutboxBanner />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1400px] flex-1 px-8 py-8 outline-none mobile:px-4 mobile:py-5">
          {children}
        </main>
      </div>
    </div>
    </SessionKeeper>
  );
}
