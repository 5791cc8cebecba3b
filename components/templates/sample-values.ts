import type { Locale } from '@/lib/i18n/locales';
import type { TokenValues } from '@/lib/templates/tokens';

/** A sample member for previews, in the viewer's language. */
export function sampleValues(locale: string): Required<TokenValues> {
  const base = 'https://starloop.example';
  const names: Record<Locale, [string, string, string]> = {
    'zh-CN': ['小雨', '林', '林小雨'],
    'zh-HK': ['嘉欣', '陳', '陳嘉欣'],
    'en-US': ['Emma', 'Wong', 'Emma Wong'],
  };
  const [firstName, lastName, fullName] = names[(locale as Locale) in names ? (locale as Locale) : 'zh-CN'];
  return {
    firstName,
    lastName,
    fullName,
    optinLink: `${base}/u/sample?action=optin`,
    optoutLink: `${base}/u/sample?action=optout`,
    googleReviewLink: 'https://g.page/r/morning-light/review',
  };
}
