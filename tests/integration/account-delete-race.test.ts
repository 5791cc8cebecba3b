import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { contacts } from '@/db/schema/contacts';
import { users } from '@/db/schema/users';
import { deleteAccount } from '@/lib/auth/delete-account';
import { foreignKeyViolation } from '@/lib/db/foreign-key';
import { errorResponse } from '@/lib/api/route';
import { translatorFor } from '@/lib/i18n/translator';
import { hashPassword } from '@/lib/auth/password';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { createStaff } from './team-helpers';

/**
 * Found from outside: "delete my account" read the user's role before checking the password
 * (~100 ms of Argon2) and acted on it after. A transfer of ownership committed in between made an
 * owner's delete wipe the merchant under its new owner, and a staff member's delete leave the
 * merchant with no owner. Two real sessions: the second holds the user's row while it changes the
 * roles, exactly as transferOwnership's transaction does, and commits once the delete waits on it.
 */
const t = setupTestDatabase();
const PASSWORD = 'Delete-me-2026';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(process.env.DATABASE_URL)('deleting an account while ownership changes hands', () => {
  let other: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    other = await openDatabase({ url: t.url });
  });
  afterAll(async () => {
    await other.close();
  });

  async function scene() {
    const owner = await createMerchant(t.db, { passwordHash: await hashPassword(PASSWORD) });
    const staff = await createStaff(t.db, owner.merchantId);
    await t.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(users.id, staff.userId));
    await t.db.insert(contacts).values({ merchantId: owner.merchantId, firstName: '小明', lastName: '王', email: `c-${owner.merchantId}@example.com`, optToken: `tok-${owner.merchantId}` });
    return { owner, staff };
  }

  /** Runs `change` in the second session with `lockedUserId`'s row held until the delete waits on it. */
  async function interleave(lockedUserId: number, remove: () => Promise<void>, change: (tx: Db) => Promise<void>) {
    let release!: () => void;
    const mayCommit = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const transfer = other.db.transaction(async (tx: unknown) => {
      await (tx as Db).execute(sql`select id from users where id = ${lockedUserId} for update`);
      locked();
      await mayCommit;
      await change(tx as Db);
    });
    await holding;
    const deleting = remove().then(
      () => 'deleted',
      (error: { messageKey?: string }) => error.messageKey ?? String(error),
    );
    let waiting = 0;
    for (let i = 0; i < 300 && !waiting; i++) {
      const [row] = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for update%' and query not ilike '%pg_stat_activity%'`,
      );
      waiting = Number(row.n);
      if (!waiting) await sleep(10);
    }
    expect(waiting).toBe(1);
    release();
    await transfer;
    return deleting;
  }

  it("an owner's delete does not take the merchant from the member it was just handed to", async () => {
    const { owner, staff } = await scene();
    const outcome = await interleave(
      owner.userId,
      () => deleteAccount(owner.ctx, { password: PASSWORD }),
      async (tx) => {
        await tx.update(users).set({ role: 'staff' }).where(eq(users.id, owner.userId));
        await tx.update(users).set({ role: 'owner' }).where(eq(users.id, staff.userId));
      },
    );
    expect(outcome).toBe('accounts.errors.roleChanged');
    expect(await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, owner.merchantId))).toHaveLength(1);
    expect(await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.merchantId, owner.merchantId))).toHaveLength(1);
    const roles = await t.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.merchantId, owner.merchantId)).orderBy(users.id);
    expect(roles).toEqual([
      { id: owner.userId, role: 'staff' },
      { id: staff.userId, role: 'owner' },
    ]);
  });

  it("a staff member's delete does not remove the member who has just become the owner", async () => {
    const { owner, staff } = await scene();
    const ctx = { ...owner.ctx, userId: staff.userId };
    const outcome = await interleave(
      staff.userId,
      () => deleteAccount(ctx, { password: PASSWORD }),
      async (tx) => {
        await tx.update(users).set({ role: 'staff' }).where(eq(users.id, owner.userId));
        await tx.update(users).set({ role: 'owner' }).where(eq(users.id, staff.userId));
      },
    );
    expect(outcome).toBe('accounts.errors.roleChanged');
    const [{ n }] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where merchant_id = ${owner.merchantId} and role = 'owner'`);
    expect(n).toBe(1);
    expect(await t.db.select({ id: users.id }).from(users).where(and(eq(users.id, staff.userId), eq(users.role, 'owner')))).toHaveLength(1);
  });

  it("an owner's delete waits for a write in flight, and the write after it finds the merchant gone", async () => {
    const { owner } = await scene();
    // A staff member's contact insert holds the merchant row (its foreign key's share lock).
    let release!: () => void;
    const mayCommit = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const writer = other.db.transaction(async (tx: unknown) => {
      await (tx as Db).insert(contacts).values({ merchantId: owner.merchantId, firstName: '晚到', lastName: '李', email: `late-${owner.merchantId}@example.com`, optToken: `late-${owner.merchantId}` });
      inserted();
      await mayCommit;
    });
    await insertedNow;
    const deleting = deleteAccount(owner.ctx, { password: PASSWORD });
    await sleep(400);
    release();
    await writer;
    await deleting;
    expect(await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, owner.merchantId))).toHaveLength(0);
    expect(await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.merchantId, owner.merchantId))).toHaveLength(0);
    // A write arriving after the delete: refused by the foreign key, which the API answers 404.
    const late: unknown = await other.db
      .insert(contacts)
      .values({ merchantId: owner.merchantId, firstName: '更晚', lastName: '张', email: `later-${owner.merchantId}@example.com`, optToken: `later-${owner.merchantId}` })
      .then(
        () => 'inserted',
        (error: unknown) => error,
      );
    expect(foreignKeyViolation(late)).toEqual({ missing: true });
    const answer = errorResponse(late, translatorFor('en-US'), '0123456789abcdef');
    expect([answer.status, ((await answer.json()) as { msg: string }).msg]).toEqual([404, 'The resource does not exist']);
  });
});
