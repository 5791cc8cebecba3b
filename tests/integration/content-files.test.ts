import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '@/db/schema/files';
import { outbox } from '@/db/schema/outbox';
import * as view from '@/app/api/aws/s3/[module]/view/route';
import { saveUpload } from '@/lib/files/save-upload';
import { fileSignature, signFileLinks } from '@/lib/files/public-links';
import { outboxEmailTransport, outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { createSendingScene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * A template's image opens for signed-out readers (the customer's mail client) only once a
 * campaign sent it, by the signed address in the mail; never by its sequential id.
 */
const t = setupTestDatabase();
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starloop-content-'));
const PNG = Buffer.from('89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8CFC0F01F0005000201B5A0F0A70000000049454E44AE426082', 'hex');
const transports: SendingTransports = { email: outboxEmailTransport, sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: (name) => `"${name}" <c@starloop.test>` };

beforeAll(() => {
  process.env.UPLOAD_DIR = uploadDir;
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const viewSignedOut = (url: string) => view.GET(new Request(new URL(url, 'https://app.starloop.test')), { params: Promise.resolve({ module: /\/s3\/([a-z]+)\//.exec(url)?.[1] ?? '' }) }).then((r) => r.status);

async function drain() {
  for (let i = 0; i < 20; i++) {
    const report = await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000 });
    if (!report.claimed && !report.started) return;
  }
}

describe('template files', () => {
  it('are not public before a send, and open by the signed address in the sent mail after', async () => {
    const merchant = await createMerchant(t.db);
    const id = await saveUpload(merchant.ctx, 'campaign', { name: 'banner.png', bytes: PNG });
    const byId = `/api/aws/s3/campaign/view?id=${id}`;
    expect(await viewSignedOut(byId)).toBe(404);
    const scene = await createSendingScene(t.db, { merchant, count: 1, template: { content: `<p>Hi {{firstName}}</p><img src="${byId}" alt="">` } });
    expect(await viewSignedOut(byId)).toBe(404);

    await drain();
    const [mail] = await t.db.select({ html: outbox.html }).from(outbox).where(eq(outbox.merchantId, scene.merchant.merchantId));
    const src = /<img src="([^"]+)"/.exec(mail.html ?? '')?.[1].replace(/&amp;/g, '&') ?? '';
    expect(src).toMatch(new RegExp(`^https://app\\.starloop\\.test/api/aws/s3/campaign/view\\?id=${id}&s=[A-Za-z0-9_-]{22}$`));
    expect(await viewSignedOut(src)).toBe(200);
    // The id alone, a forged signature, or the signature moved to another file open nothing.
    expect(await viewSignedOut(byId)).toBe(404);
    expect(await viewSignedOut(`${byId}&s=${'A'.repeat(22)}`)).toBe(404);
    const next = await saveUpload(merchant.ctx, 'campaign', { name: 'other.png', bytes: PNG });
    expect(await viewSignedOut(src.replace(`id=${id}`, `id=${next}`))).toBe(404);
    // Signed for its own module only.
    expect(await viewSignedOut(src.replace('/campaign/', '/post/'))).toBe(404);
  });

  it('made public by id before signed addresses keep opening by id (images in mail already sent)', async () => {
    const merchant = await createMerchant(t.db);
    const id = await saveUpload(merchant.ctx, 'campaign', { name: 'old.png', bytes: PNG });
    await t.db.update(files).set({ public: true }).where(eq(files.id, id));
    expect(await viewSignedOut(`/api/aws/s3/campaign/view?id=${id}`)).toBe(200);
  });

  it('are signed in HTML once, with a forged signature replaced', () => {
    const html = '<img src="/api/aws/s3/campaign/view?id=5&amp;s=forged"><a href="https://x.test/api/aws/s3/post/view?id=6">x</a><img src="/api/aws/s3/campaign/view?name=5">';
    const signed = signFileLinks(html, 3);
    expect(signed).not.toContain('forged');
    expect(signed.match(/&amp;s=/g)).toHaveLength(2);
    expect(signFileLinks(signed, 3)).toBe(signed);
    expect(signed).toContain('view?name=5"');
  });

  it("never open for another merchant's mail or article naming their id (found from outside: every merchant's files could be walked)", async () => {
    const owner = await createMerchant(t.db);
    const id = await saveUpload(owner.ctx, 'campaign', { name: 'private.png', bytes: PNG });
    const intruder = await createSendingScene(t.db, { count: 1, template: { content: `<p>Hi</p><img src="/api/aws/s3/campaign/view?id=${id}" alt="">` } });
    await drain();
    const [mail] = await t.db.select({ html: outbox.html }).from(outbox).where(eq(outbox.merchantId, intruder.merchant.merchantId));
    const src = /<img src="([^"]+)"/.exec(mail.html ?? '')?.[1].replace(/&amp;/g, '&') ?? '';
    expect(src).toContain(`view?id=${id}&s=`);
    expect(await viewSignedOut(src)).toBe(404);
    // The same file signed for its own merchant opens.
    expect(await viewSignedOut(`/api/aws/s3/campaign/view?id=${id}&s=${fileSignature(owner.merchantId, 'campaign', id)}`)).toBe(200);
  });
});
