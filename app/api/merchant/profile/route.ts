import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { getProfile, updateProfile } from '@/lib/merchant/profile';
import { updateProfileSchema } from '@/lib/merchant/schema';

export const GET = route({ auth: 'user' }, (ctx) => getProfile(ctx));
export const PUT = route({ auth: 'user', body: updateProfileSchema, successKey: 'accounts.profile.saved' }, (ctx, { body }) => updateProfile(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'PUT');
export { notServed as POST, notServed as PATCH, notServed as DELETE };
