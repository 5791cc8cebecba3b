import type { ConsentChannel } from '@/db/schema/contacts';

/** The public base address of links in messages: APP_URL, default http://127.0.0.1:3000. */
export function appBaseUrl(): string {
  return (process.env.APP_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

/** Target of {{optinLink}}: the contact's public page, asking to confirm an opt-in. */
export function optinLink(baseUrl: string, token: string, channel?: ConsentChannel): string {
  return optLink(baseUrl, token, 'optin', channel);
}

/** Target of {{optoutLink}}: the contact's public page, asking to confirm an opt-out. */
export function optoutLink(baseUrl: string, token: string, channel?: ConsentChannel): string {
  return optLink(baseUrl, token, 'optout', channel);
}

function optLink(baseUrl: string, token: string, action: 'optin' | 'optout', channel?: ConsentChannel): string {
  // action and channel are fixed words: no encoding needed (this runs once per message sent).
  return `${baseUrl.replace(/\/+$/, '')}/u/${encodeURIComponent(token)}?action=${action}${channel ? `&channel=${channel}` : ''}`;
}
