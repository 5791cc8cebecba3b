import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '@/db/client';
import { campaigns, CampaignStatus, SendType } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { outbox } from '@/db/schema/outbox';
import * as send from '@/app/api/campaign/[id]/send/route';
import * as schedule from '@/app/api/campaign/[id]/schedule/route';
import * as oneTemplate from '@/app/api/campaign/template/[id]/route';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { outboxEmailTransport, outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import { callApi, type ApiAnswer } from '@/tests/fixtures/api';
import { createSendingScene, type Scene } from '@/tests/fixtures/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { until } from '@/tests/fixtures/until';

/**
 * Found from outside: deleting a template while its campaign was being sent or scheduled answered
 * 200 to both (the campaign sent empty messages: its template and pinned version gone) or 500 (a
 * deadlock between the delete's ON DELETE SET NULL and the send's campaign lock and template pin).
 * Two real sessions interleave the two on purpose; then pairs race freely and everything is sent.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const transports: SendingTransports = { email: outboxEmailTransport, sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: (name) => `"${name}" <c@starloop.test>` };
type Action = 'send' | 'schedule';
type Channel = 'email' | 'sms';

async function draft(action: Action, channel: Channel, count = 3): Promise<Scene> {
  const scheduled = action === 'schedule';
  return createSendingScene(t.db, {
    channel,
    count,
    campaign: { status: CampaignStatus.DRAFT, startTime: null, snapshotId: null, sendType: scheduled ? SendType.SCHEDULE : SendType.NOW, scheduledTime: scheduled ? new Date(Date.now() + 3_600_000) : null },
  });
}

function act(scene: Scene, action: Action): Promise<ApiAnswer> {
  const handler = action === 'send' ? send.POST : schedule.POST;
  return callApi(handler, { method: 'POST', path: `/campaign/${scene.campaignId}/${action}`, token: scene.merchant.token, params: { id: String(scene.campaignId) } });
}

function remove(scene: Scene): Promise<ApiAnswer> {
  return callApi(oneTemplate.DELETE, { method: 'DELETE', path: `/campaign/template/${scene.templateId}`, token: scene.merchant.token, params: { id: String(scene.templateId) } });
}

function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  return new Promise((resolve) => setTimeout(resolve, ms)).then(fn);
}

/** Sessions of this database waiting on a lock, besides the one asking. */
async function lockWaiters(): Promise<number> {
  const [row] = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return Number(row.n);
}

/** Either the action went ahead with its template, or the delete did and the campaign was refused. */
function expectOneWinner(action: Action, acted: ApiAnswer, deleted: ApiAnswer) {
  const outcome = [acted.status, deleted.status];
  expect([[200, 409], [400, 200]], `${action}: ${acted.body.msg} / ${deleted.body.msg}`).toContainEqual(outcome);
  if (deleted.status === 409) expect(deleted.body.msg).toContain('Spring review drive');
}

async function expectConsistent(scene: Scene) {
  const [c] = await t.db.select().from(campaigns).where(eq(campaigns.id, scene.campaignId));
  if (c.status === CampaignStatus.DRAFT) return expect(await t.db.select().from(deliveries).where(eq(deliveries.campaignId, c.id))).toEqual([]);
  expect(c.templateId).toBe(scene.templateId);
  const [pin] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from template_versions where template_id = ${c.templateId} and version = ${c.templateVersion}`);
  expect(Number(pin.n)).toBe(1);
}

describe.runIf(process.env.DATABASE_URL)('deleting a template while its campaign is sent or scheduled', () => {
  let other: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    process.env.APP_URL = APP;
    other = await openDatabase({ url: t.url });
  });
  afterAll(async () => {
    delete process.env.APP_URL;
    await other.close();
  });

  /**
   * Runs `block` in the second session, holding what it takes until `steps` (run meanwhile) are
   * done; answers once the second session has committed.
   */
  async function holding(block: (tx: Db) => Promise<unknown>, steps: () => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const session = other.db.transaction(async (tx: unknown) => {
      await block(tx as Db);
      held();
      await released;
    });
    await isHeld;
    try {
      await steps();
    } finally {
      release();
      await session;
    }
  }

  for (const action of ['send', 'schedule'] as const) {
    it(`${action}: the campaign locked first, the delete waits for it and is refused (409, never a deadlock)`, async () => {
      const scene = await draft(action, 'email');
      let acting!: Promise<ApiAnswer>;
      let deleting!: Promise<ApiAnswer>;
      // The action stops right after its campaign lock: its next read (the location) waits here.
      await holding(
        (tx) => tx.execute(sql`lock table locations in access exclusive mode`),
        async () => {
          acting = act(scene, action);
          await until('the action waiting after its campaign lock', async () => (await lockWaiters()) === 1);
          deleting = remove(scene);
          await until('the delete waiting', async () => (await lockWaiters()) === 2);
        },
      );
      const [acted, deleted] = await Promise.all([acting, deleting]);
      expect([acted.status, deleted.status], `${acted.body.msg} / ${deleted.body.msg}`).toEqual([200, 409]);
      expectOneWinner(action, acted, deleted);
      await expectConsistent(scene);
    });

    it(`${action}: the delete first, the action waits for it and is refused (template required)`, async () => {
      const scene = await draft(action, 'sms');
      let acting!: Promise<ApiAnswer>;
      let deleting!: Promise<ApiAnswer>;
      // A reader of the template row holds the delete after it took what it locks first.
      await holding(
        (tx) => tx.execute(sql`select id from templates where id = ${scene.templateId} for key share`),
        async () => {
          deleting = remove(scene);
          await until('the delete waiting', async () => (await lockWaiters()) === 1);
          acting = act(scene, action);
          let settled = false;
          void acting.finally(() => (settled = true));
          await until('the action waiting or done', async () => settled || (await lockWaiters()) === 2);
        },
      );
      const [acted, deleted] = await Promise.all([acting, deleting]);
      expect([acted.status, deleted.status], `${acted.body.msg} / ${deleted.body.msg}`).toEqual([400, 200]);
      expect(acted.body.msg).toBe('Choose a template');
      await expectConsistent(scene);
    });
  }

  it('twenty pairs fired together: never a 500, exactly one wins, and no empty message is sent', async () => {
    const scenes: { scene: Scene; action: Action; channel: Channel }[] = [];
    for (let i = 0; i < 20; i++) {
      const action: Action = i % 2 ? 'schedule' : 'send';
      const channel: Channel = i % 4 < 2 ? 'email' : 'sms';
      const scene = await draft(action, channel, 4);
      // The delete 0-40 ms after the action (as found), or the action up to 20 ms after the delete.
      const offset = Math.floor(Math.random() * 60) - 20;
      const [acted, deleted] = await Promise.all([later(Math.max(0, -offset), () => act(scene, action)), later(Math.max(0, offset), () => remove(scene))]);
      expect([acted.status, deleted.status]).not.toContain(500);
      expectOneWinner(action, acted, deleted);
      await expectConsistent(scene);
      scenes.push({ scene, action, channel });
    }
    // The scheduled ones come due now.
    const ids = scenes.map((s) => s.scene.campaignId);
    await t.db.execute(sql`update campaigns set scheduled_time = now() - interval '1 minute' where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and status = ${CampaignStatus.SCHEDULED}`);
    for (let i = 0; i < 20; i++) {
      const report = await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: APP, staleAfterMs: 60_000 });
      if (!report.claimed && !report.started) break;
    }
    for (const { scene, channel } of scenes) {
      const [c] = await t.db.select().from(campaigns).where(eq(campaigns.id, scene.campaignId));
      const sent = await t.db.select().from(outbox).where(eq(outbox.merchantId, scene.merchant.merchantId));
      if (c.status === CampaignStatus.DRAFT) {
        expect(sent).toEqual([]);
        continue;
      }
      expect(sent).toHaveLength(4);
      for (const m of sent) {
        if (channel === 'email') {
          expect(m.subject).toMatch(/^Thanks Member\d!$/);
          expect(m.text).toContain('Write a review');
        } else expect(m.body).toMatch(/^Hi Member\d, review us: https:/);
      }
    }
  });
});

describe('a campaign whose template is gone sends nothing', () => {
  beforeAll(() => {
    process.env.APP_URL = APP;
  });
  afterAll(() => {
    delete process.env.APP_URL;
  });

  async function dispatchAll() {
    for (let i = 0; i < 10; i++) {
      const report = await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: APP, staleAfterMs: 60_000 });
      if (!report.claimed && !report.started) return;
    }
  }

  for (const channel of ['email', 'sms'] as const) {
    it(`${channel}: a sending campaign without its template fails each delivery with the reason, and nothing leaves`, async () => {
      const scene = await createSendingScene(t.db, { channel, count: 3 });
      // As the race left it: no template, no pinned version.
      await t.db.update(campaigns).set({ templateId: null, templateVersion: null }).where(eq(campaigns.id, scene.campaignId));
      await dispatchAll();
      const rows = await t.db.select({ status: deliveries.status, error: deliveries.error }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
      expect(rows).toEqual(Array.from({ length: 3 }, () => ({ status: 'failed', error: 'template_missing' })));
      expect(await t.db.select().from(outbox).where(eq(outbox.merchantId, scene.merchant.merchantId))).toEqual([]);
    });

    it(`${channel}: a campaign pinned to a version that is missing is not sent with other content`, async () => {
      const scene = await createSendingScene(t.db, { channel, count: 2 });
      await t.db.update(campaigns).set({ templateVersion: 42 }).where(eq(campaigns.id, scene.campaignId));
      await dispatchAll();
      const rows = await t.db.select({ status: deliveries.status, error: deliveries.error }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
      expect(rows).toEqual(Array.from({ length: 2 }, () => ({ status: 'failed', error: 'template_missing' })));
      expect(await t.db.select().from(outbox).where(eq(outbox.merchantId, scene.merchant.merchantId))).toEqual([]);
    });
  }

  it('a scheduled campaign no longer sendable when due is paused, not sent', async () => {
    const scene = await createSendingScene(t.db, {
      count: 3,
      campaign: { status: CampaignStatus.SCHEDULED, startTime: null, sendType: SendType.SCHEDULE, scheduledTime: new Date(Date.now() - 60_000) },
    });
    await t.db.update(campaigns).set({ templateId: null }).where(eq(campaigns.id, scene.campaignId));
    await dispatchAll();
    const [c] = await t.db.select().from(campaigns).where(eq(campaigns.id, scene.campaignId));
    expect(c.status).toBe(CampaignStatus.PAUSED);
    expect(c.startTime).toBe(null);
    expect(await t.db.select().from(deliveries).where(and(eq(deliveries.campaignId, scene.campaignId)))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.merchantId, scene.merchant.merchantId))).toEqual([]);
  });
});
