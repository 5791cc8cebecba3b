import { route } from '@/lib/api/route';
import { sendServiceEmailVerification } from '@/lib/merchant/service-email';

/** Sends the verification link; 409 while Pending, 400 without a service e-mail. */
export const POST = route({ auth: 'user', successKey: 'accounts.profile.verificationSent' }, (ctx) => sendServiceEmailVerification(ctx));
