import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema/users';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * The demo sign-in to hint on the login page, only while the demo user exists in this database
 * (a production database without the seed shows nothing).
 */
export async function demoAccountHint(): Promise<{ email: string; password: string } | null> {
  try {
    const db = await getDb();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
    return row ? { email: DEMO_EMAIL, password: DEMO_PASSWORD } : null;
  } catch {
    return null;
  }
}
