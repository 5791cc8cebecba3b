'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { consentActions, consentChannels, type ConsentAction, type ConsentChannel } from '@/db/schema/contacts';
import { isAppError } from '@/lib/errors/app-error';
import { clientAddress } from '@/lib/http/client-address';
import { confirmPublicConsent } from './public-consent';
import { isEncodableToken, publicTokenParams } from './schema';

/**
 * The public page's button (a POST: link scanners only GET). No sign-in: the unguessable token is
 * the authority. Answers by redirecting to the page, which then shows the new state.
 */
export async function confirmConsentFormAction(form: FormData): Promise<void> {
  const parsed = publicTokenParams.safeParse({ token: String(form.get('token') ?? '') });
  // Not one of our tokens: the page for an unknown link (it says the link is not valid).
  if (!parsed.success || !isEncodableToken(parsed.data.token)) redirect('/u/invalid');
  const { token } = parsed.data;
  const action = String(form.get('action') ?? '') as ConsentAction;
  const channelRaw = String(form.get('channel') ?? '');
  const channel = (consentChannels as readonly string[]).includes(channelRaw) ? (channelRaw as ConsentChannel) : null;
  if (!(consentActions as readonly string[]).includes(action)) redirect(`/u/${encodeURIComponent(token)}`);
  const ip = clientAddress(await headers()) ?? null;
  try {
    await confirmPublicConsent(await getDb(), token, { action, channel }, { ip, now: new Date() });
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  const params = new URLSearchParams({ action, done: '1' });
  if (channel) params.set('channel', channel);
  redirect(`/u/${encodeURIComponent(token)}?${params.toString()}`);
}
