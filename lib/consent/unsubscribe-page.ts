import { appUrl } from '@/lib/app-url';
import { optoutLink } from '@/lib/consent/opt-links';

/**
 * Where a person opening a List-Unsubscribe address lands: the contact's own page (/u/{token}) on
 * APP_URL, asking to confirm the e-mail opt-out, in the contact's language. One page confirms
 * every opt-out, whichever link led there.
 */
export function unsubscribePageUrl(token: string): string {
  return optoutLink(appUrl(), token, 'email');
}
