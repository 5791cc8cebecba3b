import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { GET as getTeam } from '@/app/api/merchant/team/route';
import { POST as invite } from '@/app/api/merchant/team/invitation/route';
import { DELETE as revoke } from '@/app/api/merchant/team/invitation/[id]/route';
import { POST as resend } from '@/app/api/merchant/team/invitation/[id]/resend/route';
import { DELETE as removeMember } from '@/app/api/merchant/team/member/[id]/route';
import { PUT as permission } from '@/app/api/merchant/team/member/[id]/permission/route';
import { POST as transfer } from '@/app/api/merchant/team/member/[id]/transferOwnership/route';
import { PUT as putProfile } from '@/app/api/merchant/profile/route';
import { PUT as putServiceEmail } from '@/app/api/merchant/serviceEmail/route';
import { POST as sendVerification } from '@/app/api/merchant/serviceEmail/sendVerification/route';
import { POST as sendPhoneCode } from '@/app/api/merchant/phone/sendCode/route';
import { POST as verifyPhone } from '@/app/api/merchant/phone/verify/route';
import { GET as profile } from '@/app/api/merchant/profile/route';
import { GET as info } from '@/app/api/user/info/route';
import { POST as refresh } from '@/app/api/user/refresh/route';
import { createStaff } from './team-helpers';
import { seedAll } from '@/lib/seed/run';
import { DEMO_EMAIL } from '@/lib/seed/demo-account';
import { DEMO_STAFF_EMAIL } from '@/lib/seed/accounts';
import { DEMO_INVITATION_EMAIL } from '@/lib/seed/team';
import { listTeam } from '@/lib/team/list-team';

const t = setupTestDatabase();
const OWNER_ONLY = "Only the merchant's owner can do this.";

type Team = { members: { userId: number; email: string; role: string; canManagePosts: boolean; you: boolean }[] };

describe(`team members and owner-only calls (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('staff get 403 on every team call and on the merchant details; reading the profile stays open', async () => {
    const owner = await createMerchant(t.db, { name: 'Kept Name' });
    const staff = await createStaff(t.db, owner.merchantId, { permissions: ['post:admin:manage'] });
    const id = String(owner.userId);
    const calls = [
      callApi(getTeam, { path: '/merchant/team', token: staff.token }),
      callApi(invite, { method: 'POST', path: '/merchant/team/invitation', token: staff.token, body: { email: 'x@example.com' } }),
      callApi(revoke, { method: 'DELETE', path: '/merchant/team/invitation/1', token: staff.token, params: { id: '1' } }),
      callApi(resend, { method: 'POST', path: '/merchant/team/invitation/1/resend', token: staff.token, params: { id: '1' } }),
      callApi(removeMember, { method: 'DELETE', path: `/merchant/team/member/${id}`, token: staff.token, params: { id } }),
      callApi(permission, { method: 'PUT', path: `/merchant/team/member/${staff.userId}/permission`, token: staff.token, params: { id: String(staff.userId) }, body: { canManagePosts: true } }),
      callApi(transfer, { method: 'POST', path: `/merchant/team/member/${staff.userId}/transferOwnership`, token: staff.token, params: { id: String(staff.userId) } }),
      callApi(putProfile, { method: 'PUT', path: '/merchant/profile', token: staff.token, body: { merchantName: 'Taken Over', address: '2 Road' } }),
      callApi(putServiceEmail, { method: 'PUT', path: '/merchant/serviceEmail', token: staff.token, body: { serviceEmail: 'hijack@example.com' } }),
      callApi(sendVerification, { method: 'POST', path: '/merchant/serviceEmail/sendVerification', token: staff.token }),
      callApi(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: staff.token, body: { phone: '+852 9123 4567' } }),
      callApi(verifyPhone, { method: 'POST', path: '/merchant/phone/verify', token: staff.token, body: { phone: '+852 9123 4567', code: '123456' } }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe(OWNER_ONLY);
    }
    const zh = await callApi(putProfile, { method: 'PUT', path: '/merchant/profile', token: staff.token, locale: 'zh-HK', body: { merchantName: 'X', address: 'Y' } });
    expect(zh.body.msg).toBe('只有商戶擁有人才可以執行此操作。');
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, owner.merchantId));
    expect(row).toMatchObject({ name: 'Kept Name', serviceEmail: null });
    expect((await callApi(profile, { path: '/merchant/profile', token: staff.token })).status).toBe(200);
    // The owner still may.
    expect((await callApi(putProfile, { method: 'PUT', path: '/merchant/profile', token: owner.token, body: { merchantName: 'New Name', address: '2 Road' } })).status).toBe(200);
  });

  it('gives and takes the post permission; the member’s next request sees it', async () => {
    const owner = await createMerchant(t.db);
    const staff = await createStaff(t.db, owner.merchantId);
    const id = String(staff.userId);
    const team = await callApi<Team>(getTeam, { path: '/merchant/team', token: owner.token });
    expect(team.body.data.members).toMatchObject([
      { userId: owner.userId, role: 'owner', you: true },
      { userId: staff.userId, role: 'staff', canManagePosts: false, you: false },
    ]);
    const given = await callApi<{ canManagePosts: boolean }>(permission, { method: 'PUT', path: `/merchant/team/member/${id}/permission`, token: owner.token, params: { id }, body: { canManagePosts: true } });
    expect(given.body.data.canManagePosts).toBe(true);
    expect((await callApi<{ permissions: string[] }>(info, { path: '/user/info', token: staff.token })).body.data.permissions).toEqual(['post:admin:manage']);
    await callApi(permission, { method: 'PUT', path: `/merchant/team/member/${id}/permission`, token: owner.token, params: { id }, body: { canManagePosts: false } });
    expect((await callApi<{ permissions: string[] }>(info, { path: '/user/info', token: staff.token })).body.data.permissions).toEqual([]);
    const bad = await callApi(permission, { method: 'PUT', path: `/merchant/team/member/${id}/permission`, token: owner.token, params: { id }, body: {} });
    expect(bad.status).toBe(400);
  });

  it('removes a member: their access and refresh tokens answer 401 at once; the owner cannot be removed', async () => {
    const owner = await createMerchant(t.db);
    const staff = await createStaff(t.db, owner.merchantId);
    const id = String(staff.userId);
    expect((await callApi(info, { path: '/user/info', token: staff.token })).status).toBe(200);
    const removed = await callApi(removeMember, { method: 'DELETE', path: `/merchant/team/member/${id}`, token: owner.token, params: { id } });
    expect(removed.status).toBe(200);
    expect((await callApi(info, { path: '/user/info', token: staff.token })).status).toBe(401);
    const refreshed = await callApi(refresh, { method: 'POST', path: '/user/refresh', headers: { authorization: `Bearer ${staff.refreshToken}` } });
    expect(refreshed.status).toBe(401);
    const self = await callApi(removeMember, { method: 'DELETE', path: `/merchant/team/member/${owner.userId}`, token: owner.token, params: { id: String(owner.userId) } });
    expect(self.status).toBe(400);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.merchantId, owner.merchantId))).toEqual([{ id: owner.userId }]);
  });

  it('hands ownership to a member: the old owner becomes staff at once', async () => {
    const owner = await createMerchant(t.db);
    const staff = await createStaff(t.db, owner.merchantId);
    const id = String(staff.userId);
    const self = await callApi(transfer, { method: 'POST', path: `/merchant/team/member/${owner.userId}/transferOwnership`, token: owner.token, params: { id: String(owner.userId) } });
    expect(self.status).toBe(400);
    const handed = await callApi(transfer, { method: 'POST', path: `/merchant/team/member/${id}/transferOwnership`, token: owner.token, params: { id } });
    expect(handed.status).toBe(200);
    expect(handed.body.msg).toBe('Ownership handed over');
    const roles = await t.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.merchantId, owner.merchantId));
    expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({ [owner.userId]: 'staff', [staff.userId]: 'owner' });
    // The new owner administers posts (found from outside: they could not until granting it to themselves).
    const [promoted] = await t.db.select({ permissions: users.permissions }).from(users).where(eq(users.id, staff.userId));
    expect(promoted.permissions).toEqual(['post:admin:manage']);
    expect((await callApi(getTeam, { path: '/merchant/team', token: owner.token })).status).toBe(403);
    expect((await callApi(getTeam, { path: '/merchant/team', token: staff.token })).status).toBe(200);
    // A second transfer by the former owner is refused.
    const again = await callApi(transfer, { method: 'POST', path: `/merchant/team/member/${id}/transferOwnership`, token: owner.token, params: { id } });
    expect(again.status).toBe(403);
  });

  it("a transfer to a member and that member's removal at once leave the merchant exactly one owner", async () => {
    for (let round = 0; round < 8; round++) {
      const owner = await createMerchant(t.db);
      const staff = await createStaff(t.db, owner.merchantId);
      const id = String(staff.userId);
      const [handed, removed] = await Promise.all([
        callApi(transfer, { method: 'POST', path: `/merchant/team/member/${id}/transferOwnership`, token: owner.token, params: { id } }),
        callApi(removeMember, { method: 'DELETE', path: `/merchant/team/member/${id}`, token: owner.token, params: { id } }),
      ]);
      const roles = await t.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.merchantId, owner.merchantId));
      expect(roles.filter((r) => r.role === 'owner'), `round ${round}`).toHaveLength(1);
      // One of the two won, and the other was refused with its message, never a 500: a removal
      // after the transfer finds the member the owner (400) or the caller no longer one (403); a
      // transfer after the removal finds no member (404).
      if (handed.status === 200) expect([400, 403], `round ${round}: ${removed.body.msg}`).toContain(removed.status);
      else expect([removed.status, handed.status], `round ${round}`).toEqual([200, 404]);
      expect(roles.some((r) => r.id === staff.userId), `round ${round}`).toBe(handed.status === 200);
    }
  });

  it("another merchant's member id answers 404, exactly like a missing one", async () => {
    const a = await createMerchant(t.db);
    const b = await createMerchant(t.db);
    const bStaff = await createStaff(t.db, b.merchantId);
    for (const target of [String(bStaff.userId), String(b.userId), '2000000000']) {
      const answers = [
        await callApi(removeMember, { method: 'DELETE', path: `/merchant/team/member/${target}`, token: a.token, params: { id: target } }),
        await callApi(permission, { method: 'PUT', path: `/merchant/team/member/${target}/permission`, token: a.token, params: { id: target }, body: { canManagePosts: true } }),
        await callApi(transfer, { method: 'POST', path: `/merchant/team/member/${target}/transferOwnership`, token: a.token, params: { id: target } }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body.msg).toBe('This member was not found.');
      }
    }
    const rows = await t.db.select({ role: users.role, permissions: users.permissions }).from(users).where(eq(users.merchantId, b.merchantId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.permissions.length === 0)).toBe(true);
    expect(rows.map((r) => r.role).sort()).toEqual(['owner', 'staff']);
  });

  it('the demo café shows its staff member and one pending invitation, seeded once', async () => {
    await seedAll(t.db);
    await seedAll(t.db);
    const [owner] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    const team = await listTeam({ db: t.db, merchantId: owner.merchantId, userId: owner.id, locale: 'en-US', permissions: [], now: () => new Date() });
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [DEMO_EMAIL, 'owner'],
      [DEMO_STAFF_EMAIL, 'staff'],
    ]);
    expect(team.invitations.map((i) => i.email)).toEqual([DEMO_INVITATION_EMAIL]);
  });
});
