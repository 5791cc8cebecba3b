import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import type { EmailTransport } from '@/lib/messaging/types';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene } from '@/tests/fixtures/sending';
import { queueDeliveries } from '@/tests/fixtures/queue-deliveries';

/**
 * Found from outside (many merchants on one host): a claim of 200 rows, all one merchant's big
 * campaign while it sent alone, went out before the next claim gave a merchant that came later
 * its turn: about a minute behind an SMTP server taking 250 ms a message. Claims now hold about
 * two seconds of sending at the rate the process reaches. Here a transport taking 40 ms a message,
 * one at a time (25 a second): the small merchant's first message leaves within a few seconds of
 * its campaign, not after the big one's whole claim.
 */
const t = setupTestDatabase();

describe('merchants take turns within seconds, whatever the transport speed', () => {
  it("sends a small merchant's campaign started during a big one within a few seconds", async () => {
    const sent: { to: string; at: number }[] = [];
    const slow: EmailTransport = {
      name: 'slow',
      async send(_db, message) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        sent.push({ to: message.to, at: Date.now() });
        return { transport: 'slow', messageId: `<slow-${sent.length}@test>` };
      },
    };
    const transports = { email: slow, sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: (name: string) => `"${name}" <c@starloop.test>` };
    const big = await createSendingScene(t.db, { members: Array.from({ length: 300 }, (_, i) => ({ email: `big-${i}-${Date.now()}@example.com` })) });
    const small = await createSendingScene(t.db, { members: Array.from({ length: 3 }, (_, i) => ({ email: `small-${i}-${Date.now()}@example.com` })), campaign: { status: 0 } });
    expect(big.campaignId).toBeGreaterThan(0);
    let stopped = false;
    // The worker's loop: rounds of one tick, each going on while the claims come back full.
    const loop = (async () => {
      while (!stopped) {
        const report = await dispatchOnce(t.db, { transports, startDueScheduledCampaigns, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000, concurrency: 1, continueWhile: (_r, ms) => !stopped && ms < 1000 });
        if (!report.claimed) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const startedAt = Date.now();
    await queueDeliveries(t.db, small.campaignId, new Date(startedAt - 1000));
    await t.db.update(campaigns).set({ status: CampaignStatus.SENDING }).where(eq(campaigns.id, small.campaignId));
    const deadline = startedAt + 20_000;
    while (!sent.some((s) => s.to.startsWith('small-')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    stopped = true;
    await loop;
    const first = sent.find((s) => s.to.startsWith('small-'));
    console.log(`small merchant's first message ${first ? first.at - startedAt : 'never'} ms after its campaign`);
    const bigLeft = 300 - sent.filter((s) => s.to.startsWith('big-')).length;
    // Behind a whole claim (200 of 300) at 25 a second it would be 6-8 s; two seconds' worth plus a claim, under 6.
    expect(first && first.at - startedAt).toBeLessThan(6_000);
    // And the big campaign was still sending: the small one did not merely come after it.
    expect(bigLeft).toBeGreaterThan(0);
  }, 60_000);
});
