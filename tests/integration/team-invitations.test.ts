import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { teamInvitations } from '@/db/schema/team';
import { users } from '@/db/schema/users';
import { sha256 } from '@/lib/auth/tokens';
import { GET as getTeam } from '@/app/api/merchant/team/route';
import { POST as invite } from '@/app/api/merchant/team/invitation/route';
import { DELETE as revoke } from '@/app/api/merchant/team/invitation/[id]/route';
import { POST as resend } from '@/app/api/merchant/team/invitation/[id]/resend/route';
import { POST as preview } from '@/app/api/user/invitation/route';
import { POST as accept } from '@/app/api/user/invitation/accept/route';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { GET as info } from '@/app/api/user/info/route';
import { invitationTokenSentTo } from './team-helpers';

const t = setupTestDatabase();
const PASSWORD = 'Harbour-Lights-2026';

type Team = { members: { userId: number; email: string; role: string }[]; invitations: { invitationId: number; email: string; expired: boolean }[] };

async function inviteAs(token: string, email: string) {
  return callApi<{ invitationId: number; email: string; expiresAt: string }>(invite, { method: 'POST', path: '/merchant/team/invitation', token, body: { email } });
}

describe(`team invitations (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('invite, accept with a name and password, sign in; the link works once', async () => {
    const owner = await createMerchant(t.db, { name: 'Harbour Tea House' });
    const sent = await inviteAs(owner.token, ' New.Hire@Example.com ');
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe('Invitation sent');
    expect(sent.body.data.email).toBe('new.hire@example.com');
    // Seven days, give or take the test's own run time.
    const days = (new Date(sent.body.data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = await invitationTokenSentTo(t.db, 'new.hire@example.com');
    // Only the token's hash is stored.
    const [stored] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.merchantId, owner.merchantId));
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const team = await callApi<Team>(getTeam, { path: '/merchant/team', token: owner.token });
    expect(team.body.data.invitations).toMatchObject([{ email: 'new.hire@example.com', expired: false }]);

    const seen = await callApi(preview, { method: 'POST', path: '/user/invitation', body: { token } });
    expect(seen.body.data).toMatchObject({ email: 'new.hire@example.com', merchantName: 'Harbour Tea House' });

    const weak = await callApi(accept, { method: 'POST', path: '/user/invitation/accept', body: { token, userName: 'Ada', password: 'password', confirmPassword: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body.data).toMatchObject({ fieldErrors: { password: expect.any(String) } });

    const done = await callApi<{ accessToken: string; user: { merchantId: number; email: string; permissions: string[] } }>(accept, {
      method: 'POST',
      path: '/user/invitation/accept',
      body: { token, userName: 'Ada Lau', password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.user).toMatchObject({ merchantId: owner.merchantId, email: 'new.hire@example.com', permissions: [] });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'new.hire@example.com'));
    expect(user).toMatchObject({ role: 'staff', name: 'Ada Lau', merchantId: owner.merchantId });
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);

    const me = await callApi<{ merchantId: number }>(info, { path: '/user/info', token: done.body.data.accessToken });
    expect(me.body.data.merchantId).toBe(owner.merchantId);
    const signedIn = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: 'new.hire@example.com', password: PASSWORD } });
    expect(signedIn.status).toBe(200);

    // Spent: the same link again is refused, and the invitation left the list.
    const again = await callApi(accept, { method: 'POST', path: '/user/invitation/accept', body: { token, userName: 'Eve', password: PASSWORD, confirmPassword: PASSWORD } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/not valid, or it was used/);
    const after = await callApi<Team>(getTeam, { path: '/merchant/team', token: owner.token });
    expect(after.body.data.invitations).toEqual([]);
    expect(after.body.data.members.map((m) => m.role)).toEqual(['owner', 'staff']);
  });

  it('refuses an expired link, and an e-mail that already has an account', async () => {
    const owner = await createMerchant(t.db);
    await inviteAs(owner.token, 'late@example.com');
    const token = await invitationTokenSentTo(t.db, 'late@example.com');
    await t.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.merchantId, owner.merchantId));
    const team = await callApi<Team>(getTeam, { path: '/merchant/team', token: owner.token });
    expect(team.body.data.invitations[0].expired).toBe(true);
    const seen = await callApi(preview, { method: 'POST', path: '/user/invitation', body: { token } });
    expect(seen.status).toBe(400);
    const late = await callApi(accept, { method: 'POST', path: '/user/invitation/accept', body: { token, userName: 'Late', password: PASSWORD, confirmPassword: PASSWORD } });
    expect(late.status).toBe(400);
    expect(late.body.msg).toMatch(/expired/);
    expect(await t.db.select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);

    const other = await createMerchant(t.db);
    const taken = await inviteAs(owner.token, other.email);
    expect(taken.status).toBe(488);
    expect(taken.body.msg).toBe('This e-mail already has a StarLoop account and cannot be invited.');
    expect(taken.body.data).toMatchObject({ fieldErrors: { email: 'This e-mail already has a StarLoop account and cannot be invited.' } });
    expect((await inviteAs(owner.token, owner.email)).status).toBe(488);

    // Registered elsewhere after the invitation was sent: refused at accept time too.
    await inviteAs(owner.token, 'twice@example.com');
    const twice = await invitationTokenSentTo(t.db, 'twice@example.com');
    await createMerchant(t.db, { email: 'twice@example.com' });
    const refused = await callApi(accept, { method: 'POST', path: '/user/invitation/accept', body: { token: twice, userName: 'Two', password: PASSWORD, confirmPassword: PASSWORD } });
    expect(refused.status).toBe(488);
  });

  it('resend replaces the link (once a minute), revoke kills it; another merchant’s invitation is 404', async () => {
    const owner = await createMerchant(t.db);
    const sent = await inviteAs(owner.token, 'resend@example.com');
    const id = String(sent.body.data.invitationId);
    const first = await invitationTokenSentTo(t.db, 'resend@example.com');
    const soon = await callApi(resend, { method: 'POST', path: `/merchant/team/invitation/${id}/resend`, token: owner.token, params: { id } });
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBeTruthy();
    await t.db.update(teamInvitations).set({ sentAt: new Date(Date.now() - 61_000) }).where(and(eq(teamInvitations.merchantId, owner.merchantId)));
    const again = await callApi(resend, { method: 'POST', path: `/merchant/team/invitation/${id}/resend`, token: owner.token, params: { id } });
    expect(again.status).toBe(200);
    const second = await invitationTokenSentTo(t.db, 'resend@example.com');
    expect(second).not.toBe(first);
    const old = await callApi(preview, { method: 'POST', path: '/user/invitation', body: { token: first } });
    expect(old.status).toBe(400);

    const stranger = await createMerchant(t.db);
    expect((await callApi(revoke, { method: 'DELETE', path: `/merchant/team/invitation/${id}`, token: stranger.token, params: { id } })).status).toBe(404);
    expect((await callApi(resend, { method: 'POST', path: `/merchant/team/invitation/${id}/resend`, token: stranger.token, params: { id } })).status).toBe(404);

    const revoked = await callApi(revoke, { method: 'DELETE', path: `/merchant/team/invitation/${id}`, token: owner.token, params: { id } });
    expect(revoked.status).toBe(200);
    const dead = await callApi(accept, { method: 'POST', path: '/user/invitation/accept', body: { token: second, userName: 'R', password: PASSWORD, confirmPassword: PASSWORD } });
    expect(dead.status).toBe(400);
    expect((await callApi(revoke, { method: 'DELETE', path: `/merchant/team/invitation/${id}`, token: owner.token, params: { id } })).status).toBe(404);
  });
});
