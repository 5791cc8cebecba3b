import { route } from '@/lib/api/route';
import { registerMerchantDetails } from '@/lib/auth/registration';
import { merchantRegisterSchema } from '@/lib/auth/schema';

/** Completes the merchant details of a just-registered account (verification token as proof). */
export const POST = route({ auth: 'public', body: merchantRegisterSchema }, (ctx, { body }) => registerMerchantDetails(ctx, body));
