'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { connectSandbox, disconnectSource, startGoogleConnect } from './connect';
import { linkLocation, unlinkLocation } from './link';
import { syncSource } from './sync';
import { linkSchema, unlinkSchema } from './schema';

const none = z.object({});
const sourceId = z.object({ sourceId: z.number().int().positive() });

export const connectSandboxAction = authedAction(none, (s) => connectSandbox(s.ctx), { successKey: 'sources.connected' });
export const startGoogleConnectAction = authedAction(none, (s) => startGoogleConnect(s.ctx));
export const disconnectSourceAction = authedAction(sourceId, (s, i) => disconnectSource(s.ctx, i.sourceId), { successKey: 'sources.disconnected' });
export const syncSourceAction = authedAction(sourceId, (s, i) => syncSource(s.ctx.db, s.ctx.merchantId, i.sourceId, { now: s.ctx.now }));
export const linkLocationAction = authedAction(linkSchema, (s, i) => linkLocation(s.ctx, i), { successKey: 'sources.linked' });
export const unlinkLocationAction = authedAction(unlinkSchema, (s, i) => unlinkLocation(s.ctx, i), { successKey: 'sources.unlinked' });
