import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { smtpTransport, resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import * as publicConsent from '@/app/api/member/public/[token]/consent/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { createSendingScene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * The unsubscribe paths of a campaign e-mail: the one-click List-Unsubscribe-Post (RFC 8058) and
 * the {{optoutLink}} both concern the channel of the message, e-mail; SMS consent is untouched.
 */
const t = setupTestDatabase();
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  resetSmtpTransports();
  await smtp.close();
});

async function sendTo(firstName: string) {
  const scene = await createSendingScene(t.db, { members: [{ firstName, emailOptIn: true, smsOptIn: true }] });
  const transports = { email: smtpTransport(smtp.url), sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: () => 'StarLoop <campaigns@starloop.test>' };
  await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test' });
  const mail = smtp.messages.find((m) => m.subject === `Thanks ${firstName}!`);
  if (!mail) throw new Error('no mail received');
  return { contactId: scene.contactIds[0], mail };
}

const consentOf = async (id: number) => (await t.db.select({ email: contacts.emailOptIn, sms: contacts.smsOptIn }).from(contacts).where(eq(contacts.id, id)))[0];

describe('unsubscribing from a campaign e-mail', () => {
  it('one-click POST to the List-Unsubscribe target opts the member out of e-mail only', async () => {
    const { contactId, mail } = await sendTo('Oneclick');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const target = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'])?.[1] ?? '';
    const token = decodeURIComponent(/\/api\/member\/public\/([^/]+)\/consent$/.exec(target)?.[1] ?? '');
    expect(token).not.toBe('');
    // What a mail client sends (RFC 8058 section 3.2): a form POST with this one field.
    const response = await publicConsent.POST(
      new Request(target.replace('https://app.starloop.test', 'http://localhost'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }),
      { params: Promise.resolve({ token }) },
    );
    expect(response.status).toBe(200);
    expect(await consentOf(contactId)).toEqual({ email: false, sms: true });
  });

  it('the {{optoutLink}} names the e-mail channel, and confirming it leaves SMS alone', async () => {
    const { contactId, mail } = await sendTo('Linked');
    const link = /href="(https:\/\/app\.starloop\.test\/u\/[^"]+)"/.exec(mail.html)?.[1].replace(/&amp;/g, '&') ?? '';
    const url = new URL(link);
    expect([url.searchParams.get('action'), url.searchParams.get('channel')]).toEqual(['optout', 'email']);
    const token = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    // The public page confirms with the link's own action and channel.
    const response = await publicConsent.POST(
      new Request(`http://localhost/api/member/public/${token}/consent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'optout', channel: 'email' }) }),
      { params: Promise.resolve({ token }) },
    );
    expect(response.status).toBe(200);
    expect(await consentOf(contactId)).toEqual({ email: false, sms: true });
  });
});
