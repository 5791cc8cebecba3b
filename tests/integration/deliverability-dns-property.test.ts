import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSendingDomain } from '@/lib/deliverability/check-domain';
import { dkimRecordValue } from '@/lib/deliverability/dkim-check';
import { startLoopbackDns, type LoopbackDns } from '../fixtures/dns-server';

// Whatever a domain's TXT records say, the check answers (never throws), passes only what is
// right, and the record it suggests, once published, fixes what it found.
const INCLUDE = 'spf.mailer.test';
const own = { selector: 'sl20261208000000', publicKey: crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
let dns: LoopbackDns;
const saved = { ...process.env };
let n = 0;

beforeAll(async () => {
  dns = await startLoopbackDns();
  Object.assign(process.env, { DELIVERABILITY_DNS_SERVERS: dns.address, DELIVERABILITY_DNS_TIMEOUT_MS: '1000', MAIL_SPF_INCLUDE: INCLUDE });
  delete process.env.MAIL_DKIM_SELECTORS;
});
afterAll(async () => {
  process.env = saved;
  await dns.close();
});

const mechanism = fc.constantFrom('mx', 'a', 'ip4:192.0.2.1', 'include:_spf.google.com', `include:${INCLUDE}`, '~all', '-all', '+all', 'all', '?all', 'redirect=_spf.other.test', 'exists:%{i}.x.test');
const spfRecord = fc.array(mechanism, { maxLength: 6 }).map((terms) => ['v=spf1', ...terms].join(' '));
const junk = fc.string({ maxLength: 300 });
const dmarcRecord = fc.tuple(fc.constantFrom('none', 'quarantine', 'reject', 'bogus', ''), fc.constantFrom('', '; sp=reject', '; adkim=s', '; rua=mailto:x@y.test')).map(([p, rest]) => `v=DMARC1; p=${p}${rest}`);

describe('the domain check over any records', () => {
  it('never throws, passes only a right domain, and its suggested records fix it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(spfRecord, junk), { maxLength: 3 }), fc.array(fc.oneof(dmarcRecord, junk), { maxLength: 2 }), fc.boolean(), async (rootTxt, dmarcTxt, dkimPublished) => {
        const domain = `p${n++}.test`;
        dns.zone.set(domain, { TXT: rootTxt, MX: [{ exchange: `mx.${domain}`, priority: 10 }] });
        if (dmarcTxt.length) dns.zone.set(`_dmarc.${domain}`, { TXT: dmarcTxt });
        if (dkimPublished) dns.zone.set(`${own.selector}._domainkey.${domain}`, { TXT: [dkimRecordValue(own.publicKey)] });
        const report = await checkSendingDomain(`a@${domain}`, own, new Date());
        const spf = report.results.find((r) => r.check === 'spf');
        const spfRecords = rootTxt.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
        if (spf?.status === 'pass') {
          expect(spfRecords).toHaveLength(1);
          expect(spfRecords[0]).toMatch(new RegExp(`include:${INCLUDE.replace(/\./g, '\\.')}`));
        }
        if (report.verdict === 'pass') expect(dkimPublished).toBe(true);
        // Publishing what it asks for (replacing the SPF and DMARC records, adding the others) passes.
        for (const r of report.results) {
          if (!r.record || r.record.type !== 'TXT') continue;
          const keep = (dns.zone.get(r.record.name)?.TXT ?? []).filter((v) => !/^v=(spf1|DMARC1)/i.test(v.trim()) && r.check !== 'dkim');
          dns.zone.set(r.record.name, { ...dns.zone.get(r.record.name), TXT: [...keep, r.record.value] });
        }
        const fixed = await checkSendingDomain(`a@${domain}`, own, new Date());
        expect(fixed.verdict).toBe('pass');
      }),
      { numRuns: 60 },
    );
  });
});
