import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { idempotencyKeys } from '@/db/schema/idempotency';
import { AppError } from '@/lib/errors/app-error';

/** How long a key's first answer is kept and answered again (the convention of payment APIs). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentCall {
  db: Db;
  merchantId: number;
  userId: number;
  key: string;
  /** Method, path and body, as the request sent them. */
  request: { method: string; path: string; body: unknown };
  now: Date;
}

/**
 * Runs a create call once per `Idempotency-Key`: the same key and request within 24 hours answer
 * the first answer again (a double click, a client's retry after a lost answer make one record);
 * the same key with another request is 422; one still running is 409. A call that failed keeps no
 * answer, so trying again runs it again. `run` answers the status and the JSON body to keep.
 */
export async function idempotent(call: IdempotentCall, run: () => Promise<{ status: number; body: unknown } | null>): Promise<{ status: number; body: unknown; replayed: boolean } | null> {
  if (!KEY.test(call.key)) throw new AppError('BAD_REQUEST', 'errors.idempotency.badKey');
  const hash = crypto.createHash('sha256').update(JSON.stringify([call.request.method, call.request.path, call.request.body ?? null])).digest('hex');
  const mine = and(eq(idempotencyKeys.merchantId, call.merchantId), eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, call.key));
  await call.db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, new Date(call.now.getTime() - IDEMPOTENCY_TTL_MS))));
  const [claimed] = await call.db
    .insert(idempotencyKeys)
    .values({ merchantId: call.merchantId, userId: call.userId, key: call.key, requestHash: hash, createdAt: call.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await call.db.select().from(idempotencyKeys).where(mine).limit(1);
    if (!first) throw new AppError('CONFLICT', 'errors.idempotency.inProgress');
    if (first.requestHash !== hash) throw new AppError('UNPROCESSABLE', 'errors.idempotency.keyReused');
    if (first.status === null) throw new AppError('CONFLICT', 'errors.idempotency.inProgress');
    return { status: first.status, body: first.response, replayed: true };
  }
  let answer: { status: number; body: unknown } | null;
  try {
    answer = await run();
  } catch (error) {
    await call.db.delete(idempotencyKeys).where(mine);
    throw error;
  }
  // An answer that is not a JSON envelope (a file) is not kept: the key is let go.
  if (!answer) await call.db.delete(idempotencyKeys).where(mine);
  else await call.db.update(idempotencyKeys).set({ status: answer.status, response: answer.body as object }).where(mine);
  return answer && { ...answer, replayed: false };
}
