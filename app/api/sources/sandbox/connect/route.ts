import { route } from '@/lib/api/route';
import { connectSandbox } from '@/lib/sources/connect';

export const POST = route({ auth: 'user', successKey: 'sources.connected' }, (ctx) => connectSandbox(ctx));
