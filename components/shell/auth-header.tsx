import Link from 'next/link';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { Logo } from '@/components/shell/logo';

/** The top bar of the signed-out pages (registration, invitation, password, e-mail check): the logo home to sign-in, the language switch. */
export function AuthHeader() {
  return (
    <header className="flex items-center justify-between px-8 py-5 mobile:px-5">
      <Link href="/login" className="rounded-lg" aria-label="StarLoop">
        <Logo />
      </Link>
      <LanguageSwitch />
    </header>
  );
}
