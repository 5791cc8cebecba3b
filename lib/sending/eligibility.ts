/** Why a queued message is not sent; stored on the delivery (status skipped) and counted. */
export const skipReasons = ['opted_out', 'no_address', 'bounced', 'complained', 'no_optin', 'frequency_cap', 'contact_deleted'] as const;
export type SkipReason = (typeof skipReasons)[number];

export interface ConsentState {
  email: string | null;
  phone: string | null;
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
  emailStatus: 'ok' | 'bounced' | 'complained';
}

/**
 * Consent at send time (issue 7 item 3): the snapshot is old news, the contact's current state
 * decides. E-mail goes unless opted out or undeliverable. SMS needs an opt-in, except the
 * "first opt-in" message of a template whose scene asks for consent (never to someone who opted out).
 */
export function consentSkipReason(channel: 'email' | 'sms', contact: ConsentState, scene: string | null): SkipReason | null {
  if (channel === 'email') {
    if (!contact.email) return 'no_address';
    if (contact.emailOptIn === false) return 'opted_out';
    if (contact.emailStatus === 'bounced') return 'bounced';
    if (contact.emailStatus === 'complained') return 'complained';
    return null;
  }
  if (!contact.phone) return 'no_address';
  if (contact.smsOptIn === false) return 'opted_out';
  if (contact.smsOptIn === null && scene !== 'first_optin') return 'no_optin';
  return null;
}

export const DEFAULT_FREQUENCY_CAP_DAYS = 30;
