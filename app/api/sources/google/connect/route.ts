import { route } from '@/lib/api/route';
import { startGoogleConnect } from '@/lib/sources/connect';

/** Answers the consent-screen URL; the client navigates there. */
export const POST = route({ auth: 'user' }, (ctx) => startGoogleConnect(ctx));
