import type { ConsentChannel } from '@/db/schema/contacts';

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
