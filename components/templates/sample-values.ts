import type { Locale } from '@/lib/i18n/locales';
import type { TokenValues } from '@/lib/templates/tokens';
import { displayName } from '@/lib/names/display-name';

/** A sample member for previews, in the viewer's language. */
export function sampleValues(locale: string): Required<TokenValues> {
  const base = 'https://starloop.example';
  const names: Record<Locale, [string, string]> = {
    'zh-CN': ['小雨', '林'],
    'zh-HK': ['嘉欣', '陳'],
    'en-US': ['Emma', 'Wong'],
  };
  const viewer: Locale = (locale as Locale) in names ? (locale as Locale) : 'zh-CN';
  const [firstName, lastName] = names[viewer];
  const fullName = displayName({ firstName, lastName }, viewer);
  return {
    firstName,
    lastName,
    fullName,
    optinLink: `${base}/u/sample?action=optin`,
    optoutLink: `${base}/u/sample?action=optout`,
    googleReviewLink: 'https://g.page/r/morning-light/review',
  };
}
