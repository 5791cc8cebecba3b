import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema/users';
import type { ServiceContext } from '@/lib/context';
import { perDatabase } from '@/lib/db/prepared';
import { appearanceOf, type Appearance } from './appearance';
import type { AppearanceInput } from './appearance-schema';

/** The user's saved appearance (defaults when never chosen). Read by every signed-in page render. */
export async function loadAppearance(db: Db, userId: number): Promise<Appearance> {
  const [row] = await appearanceQuery(db).execute({ userId });
  return appearanceOf(row?.accent, row?.textSize);
}

/** Saves the signed-in user's own choice; any signed-in user, only their own row. */
export async function saveAppearance(ctx: ServiceContext, input: AppearanceInput): Promise<Appearance> {
  await ctx.db
    .update(users)
    .set({ accent: input.accent, textSize: input.textSize, updatedAt: ctx.now() })
    .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId)));
  return { accent: input.accent, textSize: input.textSize };
}

// Runs on every signed-in page render (the root layout): prepared once per database.
const appearanceQuery = perDatabase((db) =>
  db
    .select({ accent: users.accent, textSize: users.textSize })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_appearance'),
);
