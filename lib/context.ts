import type { Db } from '@/db/client';
import type { Locale } from '@/lib/i18n/locales';

/** What every service function receives: who is asking, for which merchant, in which language. */
export interface ServiceContext {
  db: Db;
  merchantId: number;
  userId: number;
  locale: Locale;
  permissions: readonly string[];
  now: () => Date;
}

/** A context for calls made before anyone is signed in (registration, login, public pages). */
export interface PublicContext {
  db: Db;
  locale: Locale;
  now: () => Date;
  ip?: string;
}

/**
 * Runs `fn` in one transaction with the same context, whose `db` is that transaction: every
 * service called inside with it joins the transaction, and nothing rebuilds a context by hand.
 */
export function withTx<C extends { db: Db }, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
}
