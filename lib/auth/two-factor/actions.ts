'use server';

import { headers } from 'next/headers';
import { authedAction, type ActionResult } from '@/lib/auth/authed-action';
import { clientAddress } from '@/lib/http/client-address';
import { updateSession } from '@/lib/auth/auth';
import { sessionFamilyId } from '@/lib/auth/session-token';
import { enableTwoFactor, startTwoFactor, type TwoFactorSetup } from './enrol';
import { disableTwoFactor, regenerateRecoveryCodes } from './manage';
import { confirmTwoFactorSchema, enableTwoFactorSchema, startTwoFactorSchema, type ConfirmTwoFactorInput, type EnableTwoFactorInput, type StartTwoFactorInput } from './schema';

const startChecked = authedAction(startTwoFactorSchema, async (s, input) => startTwoFactor(s.ctx, input, clientAddress(await headers())));
const enableChecked = authedAction(
  enableTwoFactorSchema,
  async (s, input) => {
    const enabled = await enableTwoFactor(s.ctx, input, await sessionFamilyId(s.ctx.db, s.ctx.userId));
    // This browser stays signed in: its cookie takes the new epoch's access token (the others ended).
    if (enabled.accessToken) await updateSession({ accessToken: enabled.accessToken } as never);
    return { recoveryCodes: enabled.recoveryCodes };
  },
  { successKey: 'twoFactor.enabled' },
);
const disableChecked = authedAction(confirmTwoFactorSchema, async (s, input) => disableTwoFactor(s.ctx, input, clientAddress(await headers())), { successKey: 'twoFactor.disabled' });
const regenerateChecked = authedAction(confirmTwoFactorSchema, async (s, input) => regenerateRecoveryCodes(s.ctx, input, clientAddress(await headers())));

/** Settings → turn on: a new secret to put into the authenticator app. */
export async function startTwoFactorAction(input: StartTwoFactorInput): Promise<ActionResult<TwoFactorSetup>> {
  return startChecked(input);
}

/** Settings → confirm with the app's code: answers the recovery codes, shown once. */
export async function enableTwoFactorAction(input: EnableTwoFactorInput): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return enableChecked(input);
}

/** Settings → turn off (password and code). */
export async function disableTwoFactorAction(input: ConfirmTwoFactorInput): Promise<ActionResult<null>> {
  return disableChecked(input);
}

/** Settings → new recovery codes (password and code). */
export async function regenerateRecoveryCodesAction(input: ConfirmTwoFactorInput): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return regenerateChecked(input);
}
