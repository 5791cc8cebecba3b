import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, contacts } from '@/db/schema/contacts';
import { conversations } from '@/db/schema/inbox';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import * as member from '@/app/api/member/[id]/route';
import { callApi } from '@/tests/fixtures/api';
import { inboxAddress } from '@/lib/reply-address/reply-address';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene } from '@/tests/fixtures/sending';

/**
 * Found from outside: a bounce posted to the inbound webhook became a lead named "Mail Delivery
 * System" with an unread conversation, and the address it reported stayed `ok`, so every later
 * campaign mailed it again. Reports are read as reports now (RFC 3464 bounces, RFC 5965 abuse
 * reports, as Postfix and the big mailbox providers write them), applied to the delivery they
 * return by our own Message-ID, and kept out of the inbox.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const KEY = 'inbound-secret-for-reports';
const DOMAIN = 'in.starloop.test';

beforeAll(() => {
  Object.assign(process.env, { APP_URL: APP, INBOUND_EMAIL_SECRET: KEY, INBOUND_EMAIL_DOMAIN: DOMAIN });
});

async function post(raw: string): Promise<{ accepted: boolean; report?: { kind: string; contacts: number }; conversationId?: number }> {
  const response = await inboundEmail(new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'message/rfc822' }, body: raw }), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: never }).data;
}

/** A sent campaign mail to each member, with our Message-ID on record. */
async function sentScene(members: { email: string }[]) {
  const scene = await createSendingScene(t.db, { members });
  const ids = scene.contactIds.map((id) => `<${id}.${Math.random().toString(36).slice(2)}@starloop.test>`);
  for (const [i, contactId] of scene.contactIds.entries()) {
    await t.db.execute(sql`update deliveries set status = 'sent', sent_at = now(), provider_message_id = ${ids[i]} where campaign_id = ${scene.campaignId} and contact_id = ${contactId}`);
  }
  return { ...scene, messageIds: ids, inbox: inboxAddress(scene.merchant.merchantId, DOMAIN) ?? '' };
}

/** A Postfix bounce: a text part, the delivery-status part, the returned headers. */
function postfixBounce(to: string, failed: string, status: string, originalId: string): string {
  return [
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <dsn-${Math.random()}@mx.example.net>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0"',
    '',
    '--B0',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--B0',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    `Final-Recipient: rfc822; ${failed}`,
    `Original-Recipient: rfc822;${failed}`,
    'Action: failed',
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} <${failed}>: Recipient address rejected`,
    '',
    '--B0',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Shop <campaigns@starloop.test>',
    `To: ${failed}`,
    `Message-ID: ${originalId}`,
    'Subject: Thanks!',
    '',
    '--B0--',
    '',
  ].join('\r\n');
}

/** An abuse report (ARF) as mailbox providers' feedback loops send it, the original attached whole. */
function abuseReport(to: string, original: { to: string; id: string }): string {
  return [
    'From: feedback@fbl.example.com',
    `To: ${to}`,
    'Subject: Abuse report',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="F0"',
    '',
    '--F0',
    'Content-Type: text/plain',
    '',
    'This is an email abuse report.',
    '',
    '--F0',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    '',
    '--F0',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    'From: Shop <campaigns@starloop.test>',
    `To: ${original.to}`,
    `Message-ID: ${original.id}`,
    'Subject: Thanks!',
    '',
    'Hello!',
    '',
    '--F0--',
    '',
  ].join('\r\n');
}

const statusOf = async (id: number) => (await t.db.select({ s: contacts.emailStatus, optIn: contacts.emailOptIn }).from(contacts).where(eq(contacts.id, id)))[0];

describe('bounce and complaint reports posted to the inbound webhook', () => {
  it('marks the returned delivery’s address bounced for a 5.1.1, opens no lead and no conversation', async () => {
    const scene = await sentScene([{ email: `gone-${Date.now()}@example.org` }, { email: `full-${Date.now()}@example.org` }]);
    const [gone, full] = await t.db.select({ id: contacts.id, email: contacts.email }).from(contacts).where(sql`${contacts.id} in (${scene.contactIds[0]}, ${scene.contactIds[1]})`).orderBy(contacts.id);
    const answer = await post(postfixBounce(scene.inbox, gone.email ?? '', '5.1.1', scene.messageIds[0]));
    expect(answer).toEqual({ accepted: true, report: { kind: 'bounce', contacts: 1 } });
    expect((await statusOf(gone.id)).s).toBe('bounced');
    // The merchant corrects the address: the new one starts again as ok; an edit of anything else keeps the status.
    const detail = (await callApi<Record<string, unknown>>(member.GET, { path: '/x', token: scene.merchant.token, params: { id: String(gone.id) } })).body.data;
    const edit = (changes: object) => callApi(member.PUT, { method: 'PUT', path: '/x', token: scene.merchant.token, params: { id: String(gone.id) }, body: { firstName: detail.firstName, lastName: 'Edited', email: detail.email, tags: [], ...changes } });
    expect((await edit({})).status).toBe(200);
    expect((await statusOf(gone.id)).s).toBe('bounced');
    expect((await edit({ email: `fixed-${Date.now()}@example.org` })).status).toBe(200);
    expect((await statusOf(gone.id)).s).toBe('ok');
    // A full mailbox (5.2.2) says nothing against the address.
    expect((await post(postfixBounce(scene.inbox, full.email ?? '', '5.2.2', scene.messageIds[1]))).report).toEqual({ kind: 'bounce', contacts: 0 });
    expect((await statusOf(full.id)).s).toBe('ok');
    const leads = await t.db.select().from(contacts).where(sql`${contacts.merchantId} = ${scene.merchant.merchantId} and ${contacts.email} ilike 'mailer-daemon%'`);
    expect(leads).toEqual([]);
    expect(await t.db.select().from(conversations).where(eq(conversations.merchantId, scene.merchant.merchantId))).toEqual([]);
  });

  it('changes nothing for a report naming no delivery of ours, or another address than the one it returns (a customer cannot report another as bounced)', async () => {
    const scene = await sentScene([{ email: `victim-${Date.now()}@example.org` }, { email: `sender-${Date.now()}@example.org` }]);
    const [victim] = await t.db.select({ id: contacts.id, email: contacts.email }).from(contacts).where(eq(contacts.id, scene.contactIds[0]));
    expect((await post(postfixBounce(scene.inbox, victim.email ?? '', '5.1.1', '<made-up@starloop.test>'))).report).toEqual({ kind: 'bounce', contacts: 0 });
    expect((await post(postfixBounce(scene.inbox, victim.email ?? '', '5.1.1', scene.messageIds[1]))).report).toEqual({ kind: 'bounce', contacts: 0 });
    expect((await statusOf(victim.id)).s).toBe('ok');
  });

  it('marks a complaint complained and opts the contact out of e-mail, source complaint', async () => {
    const scene = await sentScene([{ email: `annoyed-${Date.now()}@example.org` }]);
    const [contact] = await t.db.select({ id: contacts.id, email: contacts.email }).from(contacts).where(eq(contacts.id, scene.contactIds[0]));
    const answer = await post(abuseReport(scene.inbox, { to: contact.email ?? '', id: scene.messageIds[0] }));
    expect(answer).toEqual({ accepted: true, report: { kind: 'complaint', contacts: 1 } });
    expect(await statusOf(contact.id)).toEqual({ s: 'complained', optIn: false });
    const events = await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
    expect(events.map((e) => `${e.channel}:${e.action}:${e.source}`)).toEqual(['email:optout:complaint']);
  });
});
