import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { templates } from '@/db/schema/templates';
import { commonTemplateRows, seedCommonTemplates } from '@/lib/seed/common-templates';
import { seedDemoTemplates } from '@/lib/seed/templates';
import { normalizeTokens } from '@/lib/templates/tokens';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { createMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

const t = setupTestDatabase();

describe(`template seeds (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('has a review request per channel and language, and every category in every language', () => {
    const rows = commonTemplateRows();
    for (const locale of ['zh-CN', 'en-US', 'zh-HK']) {
      for (const type of [0, 1]) expect(rows.some((r) => r.locale === locale && r.type === type && r.category === 'Reviews')).toBe(true);
      for (const category of ['Reviews', 'Referrals', 'Surveys', 'AppointmentReminder']) expect(rows.some((r) => r.locale === locale && r.category === category)).toBe(true);
    }
    for (const row of rows) {
      expect(normalizeTokens(`${row.subject ?? ''} ${row.content}`).unknown).toEqual([]);
      if (row.type === 0) expect(sanitizeRichHtml(row.content ?? '')).toBe(row.content);
    }
  });

  it('re-seeding updates in place rather than duplicating', async () => {
    const first = await seedCommonTemplates(t.db);
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(templates).where(eq(templates.merchantId, 0)))[0].n;
    const before = await count();
    expect(before).toBe(first);
    await t.db.update(templates).set({ content: 'tampered' }).where(eq(templates.builtinKey, 'reviews-sms:en-US'));
    await seedCommonTemplates(t.db);
    expect(await count()).toBe(before);
    const [row] = await t.db.select().from(templates).where(eq(templates.builtinKey, 'reviews-sms:en-US'));
    expect(row.content).toContain('{{googleReviewLink}}');
  });

  it('adopts built-in rows seeded before builtin keys existed', async () => {
    const [legacy] = commonTemplateRows().filter((r) => r.builtinKey === 'surveys-sms:zh-CN');
    await t.db.delete(templates).where(eq(templates.builtinKey, 'surveys-sms:zh-CN'));
    await t.db.insert(templates).values({ ...legacy, builtinKey: null, content: 'old text' });
    await seedCommonTemplates(t.db);
    const rows = await t.db.select().from(templates).where(and(eq(templates.merchantId, 0), eq(templates.name, legacy.name), eq(templates.locale, 'zh-CN')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ builtinKey: 'surveys-sms:zh-CN', content: legacy.content });
  });

  it('gives the demo merchant e-mail and SMS templates once', async () => {
    const m = await createMerchant(t.db);
    const demo = { merchantId: m.merchantId, userId: m.userId, locationIds: [] };
    expect(await seedDemoTemplates(t.db, demo)).toBe(6);
    expect(await seedDemoTemplates(t.db, demo)).toBe(0);
    const rows = await t.db.select().from(templates).where(eq(templates.merchantId, m.merchantId));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([0, 1]));
    for (const row of rows) expect(normalizeTokens(row.content).unknown).toEqual([]);
  });
});
