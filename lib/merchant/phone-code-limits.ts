import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { countryOfNumber } from '@/lib/phone/read';
import { PHONE_CODE_ADDRESS_DAILY, PHONE_CODE_MERCHANT_DAILY, PHONE_CODE_MERCHANT_HOURLY, addressKey, reserveAll, tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { setting } from '@/lib/config/settings';
import { smsDestinationRefusal } from '@/lib/sending-policy/destination';

const DEFAULT_COUNTRIES = ['CN', 'HK', 'US'];

/** SMS_CODE_COUNTRIES: the ISO countries verification codes may be sent to (comma-separated; default CN,HK,US). */
export function smsCodeCountries(): string[] {
  return setting('smsCodeCountries') ?? DEFAULT_COUNTRIES;
}

/**
 * Before a verification SMS (each costs money; premium-rate numbers pay the sender: SMS pumping):
 * the number's country must be allowed, then the merchant's hourly and daily caps and the
 * address's daily cap are counted. Answers `release` to take the counts back when no SMS went.
 */
export async function reservePhoneCode(ctx: ServiceContext, phone: string, ip: string | undefined): Promise<() => Promise<void>> {
  const countries = smsCodeCountries();
  const country = countryOfNumber(phone);
  // The same destination rule as every SMS we send (premium, shared-cost and satellite ranges
  // refused even in an allowed country: +1 900 is a US number).
  if (!country || !countries.includes(country) || smsDestinationRefusal(phone, countries)) {
    throw new AppError('VALIDATION', 'accounts.errors.phoneCountryNotAllowed', { values: { countries: countries.join(', ') }, fieldErrors: { phone: 'accounts.errors.phoneCountryNotAllowed' } });
  }
  const merchantKey = `merchant:${ctx.merchantId}`;
  const attempt = await reserveAll(
    ctx.db,
    [
      { limit: PHONE_CODE_MERCHANT_HOURLY, keys: [merchantKey] },
      { limit: PHONE_CODE_MERCHANT_DAILY, keys: [merchantKey] },
      { limit: PHONE_CODE_ADDRESS_DAILY, keys: [addressKey(ip)] },
    ],
    ctx.now(),
  );
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait, 'accounts.errors.phoneCodeLimited');
  return attempt.release;
}
