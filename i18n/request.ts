// next-intl's request config (its conventional i18n/request.ts): Next.js wiring above lib, like proxy.ts,
// which joins the locale (lib/i18n) with the display time zone (lib/time).
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE, isLocale, pickLocale } from '@/lib/i18n/locales';
import { messagesByLocale } from '@/lib/i18n/translator';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';

/** No locale in the URL: the user's cookie first, then Accept-Language by the spec's rule. */
export default getRequestConfig(async () => {
  const cookieLocale = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(cookieLocale) ? cookieLocale : pickLocale((await headers()).get('accept-language'));
  return { locale, messages: messagesByLocale[locale], timeZone: DEFAULT_TIME_ZONE };
});
