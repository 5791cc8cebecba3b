import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries } from '@/db/schema/campaigns';
import { contacts } from '@/db/schema/contacts';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';

/**
 * Issue 7's fault test: a worker process is killed with SIGKILL at random points of a campaign,
 * 20 times, then a last worker finishes. The SMTP server's own received count proves that nobody
 * got two messages, and that everybody got one or is marked needs_review. Separate worker
 * processes need PostgreSQL (PGlite is one process's database), so this runs in CI's PostgreSQL pass.
 */
const t = setupTestDatabase();
const MEMBERS = 400;
const KILLS = 20;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: false });
});
afterAll(async () => {
  await smtp.close();
});

function startWorker(): ChildProcess {
  const cli = path.join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return spawn(process.execPath, [cli, 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      DISPATCH_INTERVAL_MS: '50',
      DISPATCH_BATCH_SIZE: '15',
      DISPATCH_CONCURRENCY: '4',
      SENDING_STALE_SECONDS: '1',
      EMAIL_RATE_PER_SECOND: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe.runIf(process.env.DATABASE_URL)('a worker killed mid-campaign (SIGKILL x20)', () => {
  it('never sends a member twice and leaves every member sent or up for review', async () => {
    const scene = await createSendingScene(t.db, { count: MEMBERS });
    for (let i = 0; i < KILLS; i++) {
      const worker = startWorker();
      // tsx takes about a second to start; then kill at a random point of the sending.
      await sleep(900 + Math.floor(Math.random() * 700));
      worker.kill('SIGKILL');
      await exited(worker);
    }
    const last = startWorker();
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const row = await campaignRow(t.db, scene.campaignId);
      if (row.status === 5) break;
      await sleep(250);
    }
    last.kill('SIGTERM');
    await exited(last);

    const rows = await t.db
      .select({ status: deliveries.status, email: contacts.email })
      .from(deliveries)
      .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
      .where(eq(deliveries.campaignId, scene.campaignId));
    const received = smtp.countsByRecipient();
    const twice = [...received.entries()].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    for (const row of rows) {
      const got = received.get(row.email ?? '') ?? 0;
      if (row.status === 'sent') expect(got, `${row.email} is sent`).toBe(1);
      else expect(row.status, `${row.email} got ${got}`).toBe('needs_review');
    }
    const sent = rows.filter((r) => r.status === 'sent').length;
    const review = rows.filter((r) => r.status === 'needs_review').length;
    expect(sent + review).toBe(MEMBERS);
    // At most the messages in flight at each kill can need review.
    expect(review).toBeLessThanOrEqual(KILLS * 4);
    const campaign = await campaignRow(t.db, scene.campaignId);
    expect([campaign.status, campaign.successRecords, campaign.totalRecords]).toEqual([5, sent, MEMBERS]);
    console.log(`fault test: ${sent} sent, ${review} needs review, ${smtp.messages.length} received by SMTP`);
  }, 240_000);
});
