import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import * as member from '@/app/api/member/[id]/route';
import * as members from '@/app/api/member/route';
import * as batch from '@/app/api/member/batch-delete/route';
import * as location from '@/app/api/merchant/location/[id]/route';
import * as conversation from '@/app/api/inbox/conversations/[id]/route';
import * as summary from '@/app/api/sending/campaign/[id]/summary/route';
import * as view from '@/app/api/aws/s3/[module]/view/route';

/**
 * Found from outside: an id past the id columns' range (2147483648) reached the database, which
 * refused it with no field named (a 400 without `fieldErrors`), and a word in a path's id was
 * "required". Both are now refused beside their field, in the catalogue's form.
 */
const t = setupTestDatabase();
const OVER = '2147483648';

describe(`ids out of range or not numbers (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers 400 with the field named, in paths, queries and bodies', async () => {
    const m = await createMerchant(t.db);
    const answers = {
      member: await callApi<{ fieldErrors: Record<string, string> }>(member.GET, { path: `/member/${OVER}`, token: m.token, params: { id: OVER } }),
      location: await callApi<{ fieldErrors: Record<string, string> }>(location.GET, { path: `/merchant/location/${OVER}`, token: m.token, params: { id: OVER } }),
      conversation: await callApi<{ fieldErrors: Record<string, string> }>(conversation.GET, { path: `/inbox/conversations/${OVER}`, token: m.token, params: { id: OVER } }),
      summary: await callApi<{ fieldErrors: Record<string, string> }>(summary.GET, { path: `/sending/campaign/${OVER}/summary`, token: m.token, params: { id: OVER } }),
      view: await callApi<{ fieldErrors: Record<string, string> }>(view.GET, { path: `/aws/s3/campaign/view?id=${OVER}`, token: m.token, params: { module: 'campaign' } }),
      body: await callApi<{ fieldErrors: Record<string, string> }>(members.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'A', lastName: 'B', email: 'ab@example.com', locationId: Number(OVER) } }),
      batch: await callApi<{ fieldErrors: Record<string, string> }>(batch.POST, { method: 'POST', path: '/member/batch-delete', token: m.token, body: { ids: [1, Number(OVER)] } }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect([name, answer.status], name).toEqual([name, 400]);
      expect(Object.values(answer.body.data?.fieldErrors ?? {}), name).toContain('Must be at most 2147483647');
    }
    for (const [handler, path] of [
      [member.GET, '/member/abc'],
      [location.GET, '/merchant/location/abc'],
    ] as const) {
      const answer = await callApi<{ fieldErrors: Record<string, string> }>(handler, { path, token: m.token, params: { id: 'abc' } });
      expect([answer.status, answer.body.data?.fieldErrors]).toEqual([400, { id: 'Wrong type of value' }]);
    }
  });

  it('refuses a body that is not UTF-8 instead of storing U+FFFD (found from outside)', async () => {
    const m = await createMerchant(t.db);
    const latin1 = new Uint8Array(Buffer.concat([Buffer.from('{"firstName":"J'), Buffer.from([0xe9]), Buffer.from('r","lastName":"P","email":"latin1@example.com"}')]));
    const answer = await callApi(members.POST, { method: 'POST', path: '/member', token: m.token, rawBody: latin1, headers: { 'content-type': 'application/json; charset=iso-8859-1' } });
    expect([answer.status, answer.body.msg]).toEqual([400, 'The request body is not valid UTF-8 text']);
  });
});
