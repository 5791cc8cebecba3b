import { route } from '@/lib/api/route';
import { setServiceEmail } from '@/lib/merchant/service-email';
import { serviceEmailSchema } from '@/lib/merchant/schema';

export const PUT = route({ auth: 'user', body: serviceEmailSchema, successKey: 'accounts.profile.saved' }, (ctx, { body }) => setServiceEmail(ctx, body));
