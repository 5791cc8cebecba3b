import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '@/db/schema/outbox';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { POST as invite } from '@/app/api/merchant/team/invitation/route';
import { DELETE as revoke } from '@/app/api/merchant/team/invitation/[id]/route';
import { PUT as putServiceEmail } from '@/app/api/merchant/serviceEmail/route';
import { POST as sendVerification } from '@/app/api/merchant/serviceEmail/sendVerification/route';
import { EMAIL_LOOKUP_LIMIT } from '@/lib/rate-limit/rate-limit';
import { SYSTEM_MAIL_MERCHANT_HOURLY, SYSTEM_MAIL_RECIPIENT_HOURLY } from '@/lib/rate-limit/system-mail';

/**
 * Mail bombing, phishing relay and account lookups through a merchant of one's own, as found from
 * outside: invite-and-revoke mailed one address 8 times in 3 s; the merchant's name went into the
 * subject; the invitation told registered from unknown addresses without a limit; the service
 * e-mail's verification could be rotated through any number of addresses.
 */
const t = setupTestDatabase();

const inviteAs = (token: string, email: string) => callApi<{ invitationId: number }>(invite, { method: 'POST', path: '/merchant/team/invitation', token, body: { email } });
const mailsTo = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.to, to))).length;

describe(`mail we send for a merchant (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('invite and revoke the same address 8 times: at most the recipient hourly limit of mails, then 429', async () => {
    const owner = await createMerchant(t.db);
    const victim = 'victim-bomb@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const sent = await inviteAs(owner.token, victim);
      statuses.push(sent.status);
      if (sent.status === 200) {
        const id = sent.body.data.invitationId;
        await callApi(revoke, { method: 'DELETE', path: `/merchant/team/invitation/${id}`, token: owner.token, params: { id: String(id) } });
      } else {
        expect(sent.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    expect(await mailsTo(victim)).toBe(SYSTEM_MAIL_RECIPIENT_HOURLY.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - SYSTEM_MAIL_RECIPIENT_HOURLY.max);
  });

  it('several merchants together still mail one address at most the recipient limit', async () => {
    const victim = 'victim-many@example.com';
    for (let i = 0; i < 5; i++) await inviteAs((await createMerchant(t.db)).token, victim);
    expect(await mailsTo(victim)).toBe(SYSTEM_MAIL_RECIPIENT_HOURLY.max);
  });

  it('a merchant name chosen as a phishing lure never reaches the subject, and is quoted as the merchant’s words', async () => {
    const lure = 'URGENT: account locked - verify at https://evil.example/login';
    const owner = await createMerchant(t.db, { name: lure });
    expect((await inviteAs(owner.token, 'lure@example.com')).status).toBe(200);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, 'lure@example.com'));
    expect(mail.subject).not.toContain('evil.example');
    expect(mail.subject).not.toContain('URGENT');
    expect(mail.text).toContain(`"${lure}"`);
    expect(mail.html).not.toMatch(/<h1[^>]*>[^<]*URGENT/);
  });

  it('rotating the service e-mail through addresses mails at most the merchant hourly limit', async () => {
    const owner = await createMerchant(t.db);
    let mailed = 0;
    for (let i = 0; i < SYSTEM_MAIL_MERCHANT_HOURLY.max + 5; i++) {
      const address = `rotate-${i}@example.com`;
      await callApi(putServiceEmail, { method: 'PUT', path: '/merchant/serviceEmail', token: owner.token, body: { serviceEmail: address } });
      const answer = await callApi(sendVerification, { method: 'POST', path: '/merchant/serviceEmail/sendVerification', token: owner.token });
      expect([200, 429]).toContain(answer.status);
      mailed += await mailsTo(address);
    }
    expect(mailed).toBe(SYSTEM_MAIL_MERCHANT_HOURLY.max);
  });
});

describe('account lookups through the invitation', () => {
  it('answers 488 for registered addresses only up to the emailValidate limit, then 429', async () => {
    const owner = await createMerchant(t.db);
    const registered = await Promise.all(Array.from({ length: EMAIL_LOOKUP_LIMIT.max + 10 }, () => createMerchant(t.db)));
    const statuses: number[] = [];
    for (const other of registered) statuses.push((await inviteAs(owner.token, other.email)).status);
    expect(statuses.filter((s) => s === 488)).toHaveLength(EMAIL_LOOKUP_LIMIT.max);
    expect(statuses.slice(EMAIL_LOOKUP_LIMIT.max).every((s) => s === 429)).toBe(true);
  });
});
