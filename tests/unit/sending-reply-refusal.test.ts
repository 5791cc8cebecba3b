import { describe, expect, it } from 'vitest';
import { replyRefusal, skipReason, type Channel, type ConsentState, type SkipReason } from '@/lib/sending/eligibility';

/** Every consent state a contact can be in (blank and missing addresses both). */
function consentStates(): ConsentState[] {
  const states: ConsentState[] = [];
  for (const email of [null, '', 'a@example.com'])
    for (const phone of [null, '', '+14155550100'])
      for (const emailOptIn of [null, true, false])
        for (const smsOptIn of [null, true, false])
          for (const emailStatus of ['ok', 'bounced', 'complained'] as const) states.push({ email, phone, emailOptIn, smsOptIn, emailStatus });
  return states;
}

const ALWAYS: SkipReason[] = ['no_address', 'opted_out', 'bounced', 'complained'];

describe('replyRefusal: an inbox reply under the eligibility rule (issue 21)', () => {
  it('is the campaign rule without its campaign-only reasons: the same consent reason, never the opt-in or the frequency cap', () => {
    for (const channel of ['email', 'sms'] as Channel[]) {
      for (const consent of consentStates()) {
        const refusal = replyRefusal(channel, consent);
        const campaign = skipReason(channel, { ...consent, recentlyAsked: true }, null);
        const label = JSON.stringify({ channel, consent });
        // A consent reason refuses a campaign and a reply alike; the others only hold a campaign back.
        expect(refusal, label).toBe(campaign !== null && ALWAYS.includes(campaign) ? campaign : null);
      }
    }
  });

  it('allows and refuses what the inbox allowed and refused before it used the rule', () => {
    for (const c of consentStates()) {
      const label = JSON.stringify(c);
      expect(replyRefusal('email', c) !== null, label).toBe(!c.email || c.emailOptIn === false || c.emailStatus !== 'ok');
      expect(replyRefusal('sms', c) !== null, label).toBe(!c.phone || c.smsOptIn === false);
      if (!c.email) expect(replyRefusal('email', c)).toBe('no_address');
      if (!c.phone) expect(replyRefusal('sms', c)).toBe('no_address');
    }
  });
});
