'use server';

import { headers } from 'next/headers';
import { authedAction, type ActionResult } from '@/lib/auth/authed-action';
import { clientAddress } from '@/lib/http/client-address';
import { enableTwoFactor, startTwoFactor, type TwoFactorSetup } from './enrol';
import { disableTwoFactor, regenerateRecoveryCodes } from './manage';
import { confirmTwoFactorSchema, enableTwoFactorSchema, startTwoFactorSchema, type ConfirmTwoFactorInput, type EnableTwoFactorInput, type StartTwoFactorInput } from './schema';

const startChecked = authedAction(startTwoFactorSchema, (s) => startTwoFactor(s.ctx));
const enableChecked = authedAction(enableTwoFactorSchema, (s, input) => enableTwoFactor(s.ctx, input), { successKey: 'twoFactor.enabled' });
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
