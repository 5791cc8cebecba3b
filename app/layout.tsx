import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import { headers } from 'next/headers';
import { userAgent } from 'next/server';
import { getLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { AppProviders } from '@/components/shell/app-providers';
import { readTheme } from '@/lib/theme/read-theme';
import { readAppearance } from '@/lib/theme/read-appearance';
import { AppearanceSync } from '@/lib/theme/appearance-sync';
import { THEME_SCRIPT } from '@/lib/theme/theme';
import './globals.css';

// Self-hosted (the build is offline): Inter for Latin text; Chinese falls through to the system
// CJK fonts named in globals.css.
const inter = localFont({
  src: './fonts/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
});

export const metadata: Metadata = {
  title: { default: 'StarLoop', template: '%s · StarLoop' },
  description: 'StarLoop: collect customer reviews and run outreach by email and SMS.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#020617' },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const theme = await readTheme();
  const appearance = await readAppearance();
  // Spec: the mobile layout also applies when "the browser reports mobile"; the `mobile:`
  // Tailwind variant matches under [data-mobile].
  const requestHeaders = await headers();
  const isMobile = userAgent({ headers: requestHeaders }).device.type === 'mobile';
  // The per-request CSP nonce from proxy.ts: without it the browser refuses this inline script.
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  return (
    <html lang={locale} data-theme={theme} data-accent={appearance.accent} data-text-size={appearance.textSize} data-mobile={isMobile ? '' : undefined} className={`${inter.variable}${theme === 'dark' ? ' dark' : ''}`} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {/* Only what the shell and the boundaries (error, loading, not found) translate in the
            browser: each page sends its own namespaces (components/i18n/client-messages.tsx). */}
        <ClientMessages namespaces={['common', 'nav', 'shell', 'theme']}>
          <AppProviders theme={theme}>{children}</AppProviders>
          <AppearanceSync appearance={appearance} />
        </ClientMessages>
      </body>
    </html>
  );
}
