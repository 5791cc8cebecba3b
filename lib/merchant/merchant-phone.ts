import type { ServiceContext } from '@/lib/context';
import { isStoredNumber, phoneOrRefuse } from '@/lib/phone/problem';
import { phoneRegion } from '@/lib/phone/region';

/**
 * The merchant's own number as stored: read in the merchant's country (its locations' shared
 * country, else its current phone's; lib/phone/region.ts). The stored number sent back is kept.
 */
export async function merchantPhone(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'locale'>, typed: string, stored?: string | null): Promise<string> {
  if (stored && isStoredNumber(typed, stored)) return stored;
  return phoneOrRefuse(typed, await phoneRegion(ctx.db, ctx.merchantId), ctx.locale);
}
