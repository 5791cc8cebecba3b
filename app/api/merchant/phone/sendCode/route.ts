import { route } from '@/lib/api/route';
import { sendPhoneCode } from '@/lib/merchant/phone-verification';
import { sendPhoneCodeSchema } from '@/lib/merchant/schema';

export const POST = route({ auth: 'user', body: sendPhoneCodeSchema, successKey: 'accounts.profile.codeSent' }, (ctx, { body }) => sendPhoneCode(ctx, body));
