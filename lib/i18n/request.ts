import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE, isLocale, pickLocale } from './locales';
import { messagesByLocale } from './translator';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';

/** No locale in the URL: the user's cookie first, then Accept-Language by the spec's rule. */
export default getRequestConfig(async () => {
  const cookieLocale = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(cookieLocale) ? cookieLocale : pickLocale((await headers()).get('accept-language'));
  return { locale, messages: messagesByLocale[locale], timeZone: DEFAULT_TIME_ZONE };
});
