import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { users } from '@/db/schema/users';
import { saveAppearanceAction } from '@/lib/theme/appearance-actions';
import { readAppearance } from '@/lib/theme/read-appearance';
import { loadAppearance } from '@/lib/theme/appearance-store';
import { signAccessToken } from '@/lib/auth/tokens';

/**
 * Settings, accent colour and text size (issue 23, point 1): saved on the signed-in user's own
 * row by any role, validated by the one zod schema, and read back at render (the user's row when
 * signed in, the mirror cookie otherwise). Auth.js and the request cookies are stood in for as in
 * accounts-session-expiry.test.ts.
 */
const request = vi.hoisted(() => ({ session: null as { accessToken?: string } | null, cookies: {} as Record<string, string> }));
vi.mock('@/lib/auth/auth', () => ({
  auth: async () => request.session,
  signIn: async () => undefined,
  signOut: async () => undefined,
  updateSession: async () => null,
  handlers: { GET: async () => new Response(null, { status: 404 }), POST: async () => new Response(null, { status: 404 }) },
  REFRESH_MARGIN_SECONDS: 60,
}));
vi.mock('next-auth', () => ({ AuthError: class AuthError extends Error {} }));
vi.mock('next-auth/jwt', () => ({ getToken: async () => null }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name in request.cookies ? { name, value: request.cookies[name] } : undefined),
    getAll: () => Object.entries(request.cookies).map(([name, value]) => ({ name, value })),
    has: (name: string) => name in request.cookies,
    set: () => undefined,
    delete: () => undefined,
  }),
  headers: async () => new Headers({ 'accept-language': 'en-US', host: 'localhost' }),
}));

const t = setupTestDatabase();
let owner: TestMerchant;
let staffId: number;
let staffToken: string;

beforeAll(async () => {
  owner = await createMerchant(t.db);
  const [staff] = await t.db
    .insert(users)
    .values({ merchantId: owner.merchantId, email: `staff-${owner.userId}@example.com`, name: 'Staff', passwordHash: 'x', role: 'staff', permissions: [] })
    .returning({ id: users.id });
  staffId = staff.id;
  staffToken = (await signAccessToken(staff.id, owner.merchantId, new Date())).token;
});

function signInAs(token: string | null) {
  request.session = token ? { accessToken: token } : null;
  request.cookies = token ? { 'authjs.session-token': 'sealed' } : {};
}

describe('saving the appearance', () => {
  it('saves the signed-in user’s own choice, for any role, and leaves the others alone', async () => {
    signInAs(staffToken);
    await expect(saveAppearanceAction({ accent: 'teal', textSize: 'large' })).resolves.toEqual({ ok: true, data: { accent: 'teal', textSize: 'large' } });
    expect(await loadAppearance(t.db, staffId)).toEqual({ accent: 'teal', textSize: 'large' });
    // The owner of the same merchant keeps the defaults.
    expect(await loadAppearance(t.db, owner.userId)).toEqual({ accent: 'blue', textSize: 'normal' });

    signInAs(owner.token);
    await expect(saveAppearanceAction({ accent: 'rose', textSize: 'normal' })).resolves.toMatchObject({ ok: true });
    expect(await loadAppearance(t.db, owner.userId)).toEqual({ accent: 'rose', textSize: 'normal' });
    expect(await loadAppearance(t.db, staffId)).toEqual({ accent: 'teal', textSize: 'large' });
  });

  it('refuses values outside the lists, with field errors, and writes nothing', async () => {
    signInAs(staffToken);
    const result = await saveAppearanceAction({ accent: 'chartreuse', textSize: 'huge' } as never);
    expect(result).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(result.ok ? null : Object.keys(result.fieldErrors ?? {}).sort()).toEqual(['accent', 'textSize']);
    expect(await loadAppearance(t.db, staffId)).toEqual({ accent: 'teal', textSize: 'large' });
  });

  it('needs a session', async () => {
    signInAs(null);
    await expect(saveAppearanceAction({ accent: 'amber', textSize: 'large' })).resolves.toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('falls back to the defaults for a stored value that is no longer offered', async () => {
    await t.db.update(users).set({ accent: 'sepia', textSize: null }).where(eq(users.id, staffId));
    expect(await loadAppearance(t.db, staffId)).toEqual({ accent: 'blue', textSize: 'normal' });
  });
});

describe('reading the appearance at render', () => {
  it('uses the signed-in user’s row, else the mirror cookie, else the defaults', async () => {
    // readAppearance is cached per React request; outside a render every call runs again.
    signInAs(owner.token);
    request.cookies.appearance = 'amber.large';
    expect(await readAppearance()).toEqual({ accent: 'rose', textSize: 'normal' });
    signInAs(null);
    request.cookies.appearance = 'violet.large';
    expect(await readAppearance()).toEqual({ accent: 'violet', textSize: 'large' });
    request.cookies.appearance = 'garbage';
    expect(await readAppearance()).toEqual({ accent: 'blue', textSize: 'normal' });
  });
});
