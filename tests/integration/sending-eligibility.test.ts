import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { alwaysSkippedSql, contactColumns, skipReason, skipReasonSql, type Channel, type EligibilitySubject, type SkipReason } from '@/lib/sending/eligibility';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/**
 * The eligibility rule is written once and built twice: the dispatcher's JS check and the SQL the
 * forecast, audience filters and snapshots run. On generated members, the database's answer
 * (with the contacts table's column types) is the JS answer.
 */
const t = setupTestDatabase();

const subject = fc.record<EligibilitySubject>({
  email: fc.constantFrom(null, '', ' ', 'a@example.com'),
  phone: fc.constantFrom(null, '', '+14155550100'),
  emailOptIn: fc.constantFrom(null, true, false),
  smsOptIn: fc.constantFrom(null, true, false),
  emailStatus: fc.constantFrom('ok', 'bounced', 'complained'),
  recentlyAsked: fc.boolean(),
});
const channel = fc.constantFrom<Channel>('email', 'sms');
const scene = fc.constantFrom(null, 'first_optin', 'review_request');
const ALWAYS: SkipReason[] = ['no_address', 'opted_out', 'bounced', 'complained'];

describe('the eligibility rule in JS and in SQL', () => {
  it('gives the same reason, and the same "always skipped", for every member', async () => {
    await fc.assert(
      fc.asyncProperty(channel, scene, fc.array(subject, { minLength: 1, maxLength: 40 }), async (ch, sc, members) => {
        const values = sql.join(
          members.map((m, i) => sql`(${i}::int, ${m.email}::text, ${m.phone}::text, ${m.emailOptIn}::boolean, ${m.smsOptIn}::boolean, ${m.emailStatus}::text, ${m.recentlyAsked}::boolean)`),
          sql`, `,
        );
        const rows = await t.db.execute<{ i: number; reason: string | null; always: boolean }>(
          sql`select c.i, ${skipReasonSql(ch, contactColumns('c', sql`c.recently_asked`), sc)} as reason, ${alwaysSkippedSql(ch, contactColumns('c'))} as always
              from (values ${values}) as c(i, email, phone, email_opt_in, sms_opt_in, email_status, recently_asked) order by c.i`,
        );
        for (const row of rows) {
          const expected = skipReason(ch, members[Number(row.i)], sc);
          expect(row.reason, JSON.stringify({ ch, sc, member: members[Number(row.i)] })).toBe(expected);
          // The rules that hold whatever the campaign come first: skipped always exactly when one of them is the reason.
          expect(row.always).toBe(expected !== null && ALWAYS.includes(expected));
        }
      }),
      { numRuns: 60 },
    );
  });
});

