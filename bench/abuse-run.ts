/**
 * The abuse run: a fresh trial merchant tries every path a stranger with a merchant of their own
 * found to send, look up or mail on our behalf, round after round for ABUSE_RUN_SECONDS (default
 * 600), while another merchant sends its own small SMS campaigns. Counts what reached the fake
 * Twilio (tests/fixtures/fake-twilio.ts) and the mailbox (outbox) and compares it with the caps
 * of docs/security.md ("Abuse from a signed-up account"). Exits 1 when any count passes its cap
 * or the other merchant missed a message.
 *
 *   npx tsx bench/abuse-run.ts            (BENCH_DATABASE_URL, default the local PostgreSQL)
 *   ABUSE_RUN_SECONDS=60 npx tsx bench/abuse-run.ts
 */
import { sql } from 'drizzle-orm';
import { installProcessDatabase } from '@/db/client';
import { conversations } from '@/db/schema/inbox';
import { contacts } from '@/db/schema/contacts';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { replyToConversation } from '@/lib/inbox/reply-to-conversation';
import { sendPhoneCode } from '@/lib/merchant/phone-verification';
import { inviteMember, revokeInvitation } from '@/lib/team/invitations';
import { sendServiceEmailVerification, setServiceEmail } from '@/lib/merchant/service-email';
import { EMAIL_LOOKUP_LIMIT, PHONE_CODE_MERCHANT_DAILY } from '@/lib/rate-limit/rate-limit';
import { SMS_DAILY_CAPS } from '@/lib/sending-policy/limits';
import { SYSTEM_MAIL_MERCHANT_HOURLY, SYSTEM_MAIL_RECIPIENT_HOURLY } from '@/lib/rate-limit/system-mail';
import { TRIAL_STATUS } from '@/lib/subscription/plans';
import { createMerchant, type TestMerchant } from '../tests/fixtures/factories';
import { createSendingScene } from '../tests/fixtures/sending';
import { startFakeTwilio } from '../tests/fixtures/fake-twilio';
import { scratchDatabase } from './scratch-database';

const SECONDS = Number(process.env.ABUSE_RUN_SECONDS ?? 600);
/** Latvian and Nigerian mobiles (a US merchant's customers are not there), a satellite range and a US premium-rate number: new ones each round. */
const pumpedNumbers = (round: number) => {
  const n = String(round % 10_000).padStart(4, '0');
  return [`+3712000${n}`, `+88216${n}00`, `+234801234${n}`, `+1900555${n}`];
};
const VICTIM = 'victim@abuse-run.example';

async function main() {
  const { admin, dbName, handle } = await scratchDatabase('starloop_abuse_run');
  installProcessDatabase(handle);
  const db = handle.db;
  const twilio = await startFakeTwilio();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: twilio.baseUrl });
  const attempts: Record<string, number> = {};
  const tried = (path: string) => (attempts[path] = (attempts[path] ?? 0) + 1);
  const swallow = (p: Promise<unknown>) => p.catch(() => undefined);
  try {
    const abuser = await createMerchant(db, { subscriptionStatus: TRIAL_STATUS, trialEndTime: new Date(Date.now() + 7 * 86_400_000) });
    const bystander = await createMerchant(db);
    const registered = await Promise.all(Array.from({ length: 5 }, () => createMerchant(db)));
    const abuserNumbers = new Set<string>();
    const pumped = new Set<string>();
    const bystanderNumbers = new Set<string>();
    const deadline = Date.now() + SECONDS * 1000;
    let round = 0;
    let serial = 0;
    const nextUs = (set: Set<string>) => {
      const n = `+1202555${String(1000 + (serial++ % 9000)).padStart(4, '0')}`;
      set.add(n);
      return n;
    };
    while (Date.now() < deadline) {
      round++;
      const PUMPED = pumpedNumbers(round);
      for (const n of PUMPED) pumped.add(n);
      // SMS campaign: pumped numbers and ordinary ones; the bystander's own campaign beside it.
      await createSendingScene(db, { merchant: abuser, channel: 'sms', members: [...PUMPED, ...Array.from({ length: 10 }, () => nextUs(abuserNumbers))].map((phone) => ({ phone, smsOptIn: true })) });
      tried('sms campaign members');
      await createSendingScene(db, { merchant: bystander, channel: 'sms', members: Array.from({ length: 3 }, () => ({ phone: nextUs(bystanderNumbers), smsOptIn: true })) });
      for (let i = 0; i < 20; i++) if (!(await dispatchOnce(db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: 'https://app.starloop.test' })).claimed) break;
      // Inbox replies by SMS.
      for (const phone of [...PUMPED, nextUs(abuserNumbers)]) {
        tried('inbox sms replies');
        await swallow(replyToConversation(abuser.ctx, { conversationId: await conversation(abuser, phone), channel: 'sms', text: `round ${round}` }));
      }
      // Phone verification codes.
      for (const phone of [...PUMPED, nextUs(abuserNumbers)]) {
        tried('phone codes');
        await swallow(sendPhoneCode(abuser.ctx, { phone }, '203.0.113.7'));
      }
      // Invite and revoke one victim; invitations to registered addresses (lookups).
      tried('invitations to the victim');
      await swallow(inviteMember(abuser.ctx, { email: VICTIM }).then((inv) => revokeInvitation(abuser.ctx, inv.invitationId)));
      for (const other of registered) {
        tried('account lookups');
        await swallow(inviteMember(abuser.ctx, { email: other.email }));
      }
      // Service e-mail rotated through new addresses.
      tried('service e-mail verifications');
      await swallow(setServiceEmail(abuser.ctx, { serviceEmail: `rotate-${round}@abuse-run.example` }).then(() => sendServiceEmailVerification(abuser.ctx)));
    }

    const reached = (numbers: Iterable<string>) => twilio.messages.filter((m) => new Set(numbers).has(m.to)).length;
    const pumpedReached = reached(pumped);
    const abuserSms = reached(abuserNumbers);
    const [mail] = await db.execute<{ merchant: number; victim: number; lookups: number }>(sql`
      select (select count(*) from outbox where merchant_id = ${abuser.merchantId} and channel = 'email')::int as merchant,
             (select count(*) from outbox where "to" = ${VICTIM})::int as victim,
             (select count(*) from rate_limit_hits where bucket = ${EMAIL_LOOKUP_LIMIT.bucket} and key = ${`merchant:${abuser.merchantId}`})::int as lookups`);
    const bystanderSent = reached(bystanderNumbers);
    const rows: [string, number, number, number][] = [
      ['SMS to pumped numbers (campaigns, replies, codes)', pumped.size, pumpedReached, 0],
      ['SMS to ordinary numbers (campaigns, replies, codes)', abuserNumbers.size, abuserSms, SMS_DAILY_CAPS.trial + PHONE_CODE_MERCHANT_DAILY.max],
      ['System mails from the merchant (invitations, verifications)', (attempts['invitations to the victim'] ?? 0) + (attempts['service e-mail verifications'] ?? 0), Number(mail.merchant), SYSTEM_MAIL_MERCHANT_HOURLY.max],
      ['Mails to the victim address', attempts['invitations to the victim'] ?? 0, Number(mail.victim), SYSTEM_MAIL_RECIPIENT_HOURLY.max],
      ['Account lookups counted (each invitation is one)', attempts['account lookups'] ?? 0, Number(mail.lookups), EMAIL_LOOKUP_LIMIT.max],
    ];
    console.log(`\nAbuse run: ${round} rounds in ${SECONDS} s (database ${dbName})\n`);
    console.log('| path | attempts | reached | cap | within |\n| --- | ---: | ---: | ---: | --- |');
    for (const [path, tries, got, cap] of rows) console.log(`| ${path} | ${tries} | ${got} | ${cap} | ${got <= cap ? 'yes' : 'NO'} |`);
    console.log(`| Bystander merchant's SMS | ${bystanderNumbers.size} | ${bystanderSent} | all | ${bystanderSent === bystanderNumbers.size ? 'yes' : 'NO'} |`);
    const ok = rows.every(([, , got, cap]) => got <= cap) && bystanderSent === bystanderNumbers.size;
    process.exitCode = ok ? 0 : 1;
  } finally {
    await twilio.close();
    await handle.close();
    if (process.env.BENCH_KEEP !== '1') await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }

  async function conversation(merchant: TestMerchant, phone: string): Promise<number> {
    const [contact] = await db
      .insert(contacts)
      .values({ merchantId: merchant.merchantId, firstName: 'Eve', phone, smsOptIn: true, optToken: `abuse-${merchant.merchantId}-${phone}-${Math.random()}` })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    const contactId = contact?.id ?? (await db.execute<{ id: number }>(sql`select id from contacts where merchant_id = ${merchant.merchantId} and phone = ${phone}`))[0].id;
    const [row] = await db.insert(conversations).values({ merchantId: merchant.merchantId, contactId, lastChannel: 'sms' }).returning({ id: conversations.id });
    return row.id;
  }
}

void main();
