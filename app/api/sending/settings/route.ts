import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { sendingSettingsSchema } from '@/lib/sending/schema';
import { getSendingSettings, updateSendingSettings } from '@/lib/sending/settings';

/** GET /api/sending/settings: the merchant's sending rules ({frequencyCapDays}). */
export const GET = route({ auth: 'user' }, (ctx) => getSendingSettings(ctx));

/** PUT /api/sending/settings {frequencyCapDays: 0-365}: 0 turns the frequency cap off. */
export const PUT = route({ auth: 'user', body: sendingSettingsSchema }, (ctx, { body }) => updateSendingSettings(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'PUT');
export { notServed as POST, notServed as PATCH, notServed as DELETE };
