import { UserRound } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { SignedInUser } from '@/lib/auth/signed-in-user';

/**
 * Shown on /login and /portal/invite when the browser is already signed in: who, and that going
 * on signs that account out in every tab (lib/auth/sign-in-over.ts), instead of switching quietly.
 */
export async function SignedInNotice({ user, action }: { user: SignedInUser; action: 'signIn' | 'acceptInvitation' }) {
  const t = await getTranslations('login.signedIn');
  const values = { name: user.userName, email: user.email, merchant: user.merchantName };
  return (
    <div role="status" data-testid="signed-in-notice" className="flex items-start gap-2.5 rounded-lg border border-primary/30 bg-primary-soft/60 px-3.5 py-3 text-sm text-slate-700 dark:border-primary/30 dark:bg-primary/10 dark:text-slate-200">
      <UserRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="wrap-anywhere">{t('as', values)}</p>
        <p className="wrap-anywhere">{action === 'signIn' ? t('signInEndsIt', values) : t('acceptEndsIt', values)}</p>
        <Link href="/dashboard" className="self-start font-medium text-primary underline-offset-4 hover:underline dark:text-primary-light">
          {t('stay', values)}
        </Link>
      </div>
    </div>
  );
}
