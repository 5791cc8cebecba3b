import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { clearPasswordFailures, reservePasswordAttempt } from '@/lib/rate-limit/password-attempts';
import { verifyPassword } from './password';
import { foreignKeyViolation } from '@/lib/db/foreign-key';

/**
 * After the password is confirmed: the merchant's owner deletes the merchant with all its data;
 * a staff member deletes only their own user (their sign-ins and pending authorisations go with
 * it, posts they wrote keep no author). Wrong passwords count against the sign-in limit (a stolen
 * session must not guess it). Every token of the account answers 401 at once, since each request
 * reads the user row again. A role changed since the person confirmed (a transfer of ownership at
 * the same moment) refuses with 409 rather than deleting more, or less, than was confirmed.
 */
export async function deleteAccount(ctx: ServiceContext, input: { password: string }, ip?: string): Promise<void> {
  const now = ctx.now();
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash, role: users.role })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId)))
    .limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  // Counted as sign-in and the password change count them.
  await reservePasswordAttempt(ctx.db, user.email, ip, now);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('BAD_REQUEST', 'accounts.errors.wrongPassword', { fieldErrors: { password: 'accounts.errors.wrongPassword' } });
  }
  await ctx.db.transaction(async (tx) => {
    // The role the person confirmed against is the one that acts. Re-read under the row's lock: a
    // transfer of ownership committed meanwhile (to or from this user) would otherwise delete the
    // merchant under its new owner, or leave it with none.
    const [locked] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId)))
      .for('update');
    if (!locked) throw new AppError('UNAUTHORIZED');
    if (locked.role !== user.role) throw new AppError('CONFLICT', 'accounts.errors.roleChanged');
    if (user.role === 'owner') {
      // Writers' foreign keys share-lock the merchant row: this waits for the writes in flight and
      // makes later ones wait, then find the merchant gone (404), instead of adding rows behind the
      // sweep that a table deleted later would still need (a 500, the whole delete rolled back).
      await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, ctx.merchantId)).for('update');
      await deleteTenantRows(tx, ctx.merchantId);
      await tx.delete(merchants).where(eq(merchants.id, ctx.merchantId));
    } else {
      await tx.delete(users).where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId)));
    }
  });
  await clearPasswordFailures(ctx.db, user.email, ip);
}

/**
 * Removes every row carrying this merchant_id, in whatever order the foreign keys allow: some
 * tables restrict deletes (campaigns -> locations) and some have no key to merchants at all
 * (templates), so a cascade from merchants alone would fail or leave rows behind. Each try runs
 * in a savepoint; a table refused in one pass is retried after the others are gone.
 */
async function deleteTenantRows(db: Db, merchantId: number): Promise<void> {
  const rows = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'merchant_id' and table_name <> 'merchants' order by table_name`,
  );
  let pending = rows.map((r) => r.table_name);
  for (let pass = 0; pending.length && pass < pending.length + 1; pass++) {
    const refused: string[] = [];
    for (const table of pending) {
      try {
        await db.transaction(async (sp) => {
          await sp.execute(sql`delete from ${sql.identifier(table)} where merchant_id = ${merchantId}`);
        });
      } catch (error) {
        if (!foreignKeyViolation(error)) throw error;
        refused.push(table);
      }
    }
    pending = refused;
  }
  if (pending.length) throw new Error(`could not delete merchant ${merchantId} rows of ${pending.join(', ')}`);
}
