import { route } from '@/lib/api/route';
import { getProfile, updateProfile } from '@/lib/merchant/service';
import { updateProfileSchema } from '@/lib/merchant/schema';

export const GET = route({ auth: 'user' }, (ctx) => getProfile(ctx));
export const PUT = route({ auth: 'user', body: updateProfileSchema, successKey: 'accounts.profile.saved' }, (ctx, { body }) => updateProfile(ctx, body));
