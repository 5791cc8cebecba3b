import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import * as members from '@/app/api/member/route';
import * as campaigns from '@/app/api/campaign/route';
import * as templates from '@/app/api/campaign/template/route';
import * as conversations from '@/app/api/inbox/conversations/route';
import * as locations from '@/app/api/merchant/location/page/route';
import * as adminPosts from '@/app/api/admin/post/route';
import * as reviews from '@/app/api/reviews/route';

/**
 * Found from outside: paging read differently from list to list. An empty `pageSize=` fell back to
 * the default on some and answered 400 on others, and some page numbers had no upper bound. Every
 * list now reads them through lib/validation/paging.ts.
 */
const t = setupTestDatabase();

const lists = {
  contacts: [members.GET, '/member'],
  campaigns: [campaigns.GET, '/campaign'],
  templates: [templates.GET, '/campaign/template'],
  inbox: [conversations.GET, '/inbox/conversations'],
  locations: [locations.GET, '/merchant/location/page'],
  posts: [adminPosts.GET, '/admin/post'],
  reviews: [reviews.GET, '/reviews'],
} as const;

describe(`paging, the same on every list (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('reads an empty pageNum or pageSize as left out, and refuses a page past the bound beside the field', async () => {
    const m = await createMerchant(t.db);
    for (const [name, [handler, path]] of Object.entries(lists)) {
      const empty = await callApi(handler, { path: `${path}?pageNum=&pageSize=`, token: m.token });
      expect([name, empty.status], name).toEqual([name, 200]);
      const far = await callApi<{ fieldErrors?: Record<string, string> }>(handler, { path: `${path}?pageNum=100000000000`, token: m.token });
      expect([name, far.status], name).toEqual([name, 400]);
      expect(Object.keys(far.body.data?.fieldErrors ?? {}), name).toContain('pageNum');
      const word = await callApi<{ fieldErrors?: Record<string, string> }>(handler, { path: `${path}?pageSize=ten`, token: m.token });
      expect([name, word.status], name).toEqual([name, 400]);
      expect(Object.keys(word.body.data?.fieldErrors ?? {}), name).toContain('pageSize');
    }
  });
});
