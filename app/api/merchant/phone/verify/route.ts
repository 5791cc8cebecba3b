import { route } from '@/lib/api/route';
import { verifyPhone } from '@/lib/merchant/phone-verification';
import { verifyPhoneSchema } from '@/lib/merchant/schema';

export const POST = route({ auth: 'user', body: verifyPhoneSchema, successKey: 'accounts.profile.phoneVerified' }, (ctx, { body }) => verifyPhone(ctx, body));
