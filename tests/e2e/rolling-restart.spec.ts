import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { startBalancer, type Balancer } from '@/tests/fixtures/balancer';
import { cleanExit, createDatabase, freePort, seedDemo, startWeb, startWorker, stop, webBuildExists, type FleetProcess, type ProcessExit } from '@/tests/fixtures/fleet';
import { createSendingScene } from '@/tests/fixtures/sending';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';

/**
 * Issue 20, item 3: a rolling restart loses no request and sends nothing twice. Two web processes
 * and two workers on a PostgreSQL database of this test's own, behind a small balancer
 * (tests/fixtures/balancer.ts: round robin over the ready ones, a refused or reset connection
 * retried once elsewhere, as nginx's `proxy_next_upstream error`). While signed-in loops read the
 * contacts and campaign lists through the balancer and a campaign sends to an SMTP sink, every
 * process is stopped in turn (SIGTERM, its exit, a new one, its /api/ready) and the test asserts:
 * every list request answered 200, every exit was clean (0, or Next's 143), and every member got
 * the message exactly once. No browser; the processes come from tests/fixtures/fleet.ts on this
 * suite's production build (NEXT_DIST_DIR), apart from the suite's own server and database.
 */
const MEMBERS = 2_000;
// The workers' shared send rate: slow enough that the campaign is still sending through all four
// restarts (at least 50 s for the campaign; the restarts take 30-60 s on a 2-core machine).
const EMAIL_RATE = 40;
const LOAD_LOOPS = 4;
const AUTH_SECRET = 'rolling-restart-auth-secret-0123456789abcdef';

test.describe.configure({ mode: 'serial' });

test('a rolling restart of 2 web processes and 2 workers under load drops no request and sends each message once', async () => {
  // About 2 minutes on an idle 2-core machine: database, seed, four processes, four restarts.
  test.setTimeout(300_000);
  test.skip(!webBuildExists(), 'needs the production build (next build, NEXT_DIST_DIR)');
  const database = await createDatabase(`e2e_rolling_${process.pid}`).catch((error: Error) => {
    test.skip(true, `no PostgreSQL server to create a database on: ${error.message}`);
    throw error;
  });
  let smtp: SmtpSink | undefined;
  let balancer: Balancer | undefined;
  const processes: FleetProcess[] = [];
  let loading = true;
  const handle = await openDatabase({ url: database.url });
  try {
    await seedDemo(database.url);
    const sink = await startSmtpSink({ parse: false });
    smtp = sink;

    const webPorts = [await freePort(), await freePort()];
    const lb = await startBalancer({ backends: webPorts.map((p) => `http://127.0.0.1:${p}`) });
    balancer = lb;
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET,
      APP_URL: balancer.url,
      SMTP_URL: smtp.url,
      WEB_STOP_SECONDS: '10',
      WORKER_STOP_SECONDS: '10',
      DISPATCH_INTERVAL_MS: '250',
      DISPATCH_BATCH_SIZE: '50',
      EMAIL_RATE_PER_SECOND: String(EMAIL_RATE),
    };
    const web = (i: number) => startWeb(webPorts[i], { name: `web-${i + 1}`, env });
    const worker = (i: number) => startWorker({ name: `worker-${i + 1}`, env });
    const slots = await Promise.all([web(0), web(1), worker(0), worker(1)]);
    processes.push(...slots);
    await Promise.all(webPorts.map((p) => lb.waitUntilReady(`http://127.0.0.1:${p}`)));

    // Signed in through the balancer, as a client would.
    const login = await fetch(`${balancer.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en-US' }, body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }) });
    const token = ((await login.json()) as { data?: { accessToken?: string } }).data?.accessToken;
    expect(token, 'the demo sign-in').toBeTruthy();

    // The load: signed-in GETs of the two lists, in loops, until told to stop.
    const failures: string[] = [];
    const served = { requests: 0 };
    const lists = ['/api/member?pageNum=1&pageSize=20', '/api/campaign?pageNum=1&pageSize=20'];
    const loops = Array.from({ length: LOAD_LOOPS }, async (_, loop) => {
      for (let i = loop; loading; i++) {
        const path = lists[i % lists.length];
        try {
          const response = await fetch(`${lb.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } });
          const text = await response.text();
          if (response.status !== 200) failures.push(`${path}: ${response.status} ${text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
        served.requests++;
      }
    });

    // A campaign of another merchant starts sending now. Built PAUSED with its rows queued, then
    // switched to SENDING in one statement: the fixture writes the campaign before its rows, and a
    // running worker's round in between would complete a SENDING campaign that has none yet.
    const scene = await createSendingScene(handle.db, { count: MEMBERS, campaign: { status: CampaignStatus.PAUSED } });
    await handle.db.execute(sql`update campaigns set status = ${CampaignStatus.SENDING} where id = ${scene.campaignId}`);
    // The sink also gets the demo data's own queued messages: the campaign's are counted by recipient.
    const memberEmails = (await handle.db.execute<{ email: string }>(sql`select lower(email) as email from contacts where merchant_id = ${scene.merchant.merchantId}`)).map((m) => m.email);
    const ours = new Set(memberEmails);
    const sentOfOurs = () => sink.messages.reduce((n, m) => n + (ours.has(m.to[0]) ? 1 : 0), 0);
    await waitFor(() => sentOfOurs() >= 20, 60_000, 'the campaign to start sending');

    // The rolling restart: each process in turn, the next only once its replacement is ready.
    const exits: { name: string; exit: ProcessExit; stopMs: number; sentAtStop: number }[] = [];
    const order = [0, 2, 1, 3];
    for (const slot of order) {
      const old = processes[slot];
      const sentAtStop = sentOfOurs();
      const stoppedAt = performance.now();
      const exit = await stop(old);
      exits.push({ name: old.name, exit, stopMs: Math.round(performance.now() - stoppedAt), sentAtStop });
      if (old.kind === 'web') {
        // Slots 0 and 1 are the web processes, on webPorts[0] and [1].
        processes[slot] = await web(slot);
        await lb.waitUntilReady(`http://127.0.0.1:${webPorts[slot]}`);
      } else {
        processes[slot] = await worker(slot - 2);
      }
    }
    const sentAtLastRestart = sentOfOurs();
    // Load a moment longer on the new processes, then the campaign must finish.
    await new Promise((r) => setTimeout(r, 1_000));
    loading = false;
    await Promise.all(loops);
    await waitFor(async () => (await campaignStatus(handle.db, scene.campaignId)) === CampaignStatus.COMPLETED, 150_000, 'the campaign to complete');

    console.log(
      `rolling restart: ${served.requests} list requests through the balancer (${JSON.stringify(balancer.stats)}); ` +
        `stops ${exits.map((e) => `${e.name} ${e.exit.code ?? e.exit.signal} in ${e.stopMs} ms at ${e.sentAtStop} sent`).join(', ')}; ` +
        `${sentAtLastRestart} of ${MEMBERS} sent when the last process had restarted`,
    );
    expect(failures.slice(0, 10), `${failures.length} failed list requests`).toEqual([]);
    expect(balancer.stats.badGateway).toBe(0);
    for (const e of exits) expect(cleanExit(e.exit), `${e.name} exited ${e.exit.code ?? e.exit.signal}`).toBe(true);
    // The restarts happened while the campaign was sending.
    expect(sentAtLastRestart).toBeLessThan(MEMBERS);

    // At the sink: each member exactly once, and every delivery sent.
    const received = smtp.countsByRecipient();
    expect(memberEmails.length).toBe(MEMBERS);
    const notOnce = memberEmails.filter((email) => received.get(email) !== 1).map((email) => `${email}: ${received.get(email) ?? 0}`);
    expect(notOnce.slice(0, 10), `${notOnce.length} members not received exactly once`).toEqual([]);
    expect([...received.values()].filter((n) => n > 1), 'anyone received twice').toEqual([]);
    const statuses = await handle.db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from deliveries where campaign_id = ${scene.campaignId} group by status`);
    expect(Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]))).toEqual({ sent: MEMBERS });
  } finally {
    loading = false;
    await Promise.all(processes.map((p) => stop(p, 15_000)));
    await balancer?.close();
    await smtp?.close();
    await handle.close();
    await database.drop();
  }
});

async function waitFor(done: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function campaignStatus(db: Awaited<ReturnType<typeof openDatabase>>['db'], campaignId: number): Promise<number> {
  const [row] = await db.execute<{ status: number }>(sql`select status from campaigns where id = ${campaignId}`);
  return Number(row.status);
}
