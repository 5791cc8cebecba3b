import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSendingDomain } from '@/lib/deliverability/check-domain';
import { dkimRecordValue } from '@/lib/deliverability/dkim-check';
import type { CheckName, DomainReport } from '@/lib/deliverability/types';
import { startLoopbackDns, type LoopbackDns } from '../fixtures/dns-server';

// The checks ask a real DNS server on loopback (dns2) through Node's resolver, as in production.
const INCLUDE = 'spf.mailer.test';
const own = { selector: 'sl20261208000000', publicKey: crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
const NOW = new Date('2026-12-08T00:00:00Z');
let dns: LoopbackDns;
const saved = { ...process.env };

/** A domain with every record right. */
function goodZone(domain: string) {
  dns.zone.set(domain, { TXT: [`v=spf1 include:${INCLUDE} -all`, 'google-site-verification=abc'], MX: [{ exchange: `mx.${domain}`, priority: 10 }] });
  dns.zone.set(`${own.selector}._domainkey.${domain}`, { TXT: [dkimRecordValue(own.publicKey)] });
  dns.zone.set(`_dmarc.${domain}`, { TXT: ['v=DMARC1; p=quarantine; rua=mailto:d@x.test'] });
}

const result = (report: DomainReport, check: CheckName) => report.results.find((r) => r.check === check);

beforeAll(async () => {
  dns = await startLoopbackDns();
  Object.assign(process.env, { DELIVERABILITY_DNS_SERVERS: dns.address, DELIVERABILITY_DNS_TIMEOUT_MS: '300', MAIL_SPF_INCLUDE: INCLUDE, MAIL_DKIM_SELECTORS: 'provider1' });
});
afterAll(async () => {
  process.env = saved;
  await dns.close();
});
beforeEach(() => {
  dns.zone.clear();
  dns.mute.clear();
});

describe('the sending-domain check against DNS', () => {
  it('passes a domain with SPF, DKIM, DMARC and MX right', async () => {
    goodZone('good.test');
    const report = await checkSendingDomain('hello@good.test', own, NOW);
    expect(report.verdict).toBe('pass');
    expect(report.results.map((r) => [r.check, r.status])).toEqual([['freeMailbox', 'pass'], ['spf', 'pass'], ['dkim', 'pass'], ['dmarc', 'pass'], ['mx', 'pass']]);
    expect(result(report, 'dmarc')?.values).toEqual({ policy: 'quarantine' });
  });

  it('a missing SPF record: the record to add names the mail service', async () => {
    goodZone('nospf.test');
    dns.zone.set('nospf.test', { TXT: ['some-other=1'], MX: [{ exchange: 'mx.nospf.test', priority: 10 }] });
    const report = await checkSendingDomain('a@nospf.test', own, NOW);
    expect(report.verdict).toBe('fail');
    expect(result(report, 'spf')).toMatchObject({ status: 'missing', reason: 'spfMissing', record: { type: 'TXT', name: 'nospf.test', value: `v=spf1 include:${INCLUDE} ~all` } });
  });

  it('an SPF record without the mail service: wrong, and the fix keeps what was there', async () => {
    goodZone('otherspf.test');
    dns.zone.set('otherspf.test', { TXT: ['v=spf1 mx include:_spf.google.com -all'] });
    const spf = result(await checkSendingDomain('a@otherspf.test', own, NOW), 'spf');
    expect(spf).toMatchObject({ status: 'wrong', reason: 'spfNoInclude', values: { include: INCLUDE }, record: { value: `v=spf1 mx include:_spf.google.com include:${INCLUDE} -all` } });
  });

  it('two SPF records, or one passing everyone, are wrong', async () => {
    goodZone('twospf.test');
    dns.zone.set('twospf.test', { TXT: [`v=spf1 include:${INCLUDE} -all`, 'v=spf1 mx -all'] });
    expect(result(await checkSendingDomain('a@twospf.test', own, NOW), 'spf')).toMatchObject({ status: 'wrong', reason: 'spfMultiple' });
    goodZone('allspf.test');
    dns.zone.set('allspf.test', { TXT: [`v=spf1 include:${INCLUDE} +all`] });
    expect(result(await checkSendingDomain('a@allspf.test', own, NOW), 'spf')).toMatchObject({ status: 'wrong', reason: 'spfPassAll', record: { value: `v=spf1 include:${INCLUDE} ~all` } });
  });

  it('no DKIM key: the record to add is our selector with our public key; DMARC cannot align', async () => {
    goodZone('nodkim.test');
    dns.zone.delete(`${own.selector}._domainkey.nodkim.test`);
    const report = await checkSendingDomain('a@nodkim.test', own, NOW);
    expect(result(report, 'dkim')).toMatchObject({ status: 'missing', reason: 'dkimMissing', record: { type: 'TXT', name: `${own.selector}._domainkey.nodkim.test`, value: `v=DKIM1; k=rsa; p=${own.publicKey}` } });
    expect(result(report, 'dmarc')).toMatchObject({ status: 'wrong', reason: 'dmarcNotAligned' });
    expect(report.verdict).toBe('fail');
  });

  it('our selector with another key is wrong; the mail service selector passes', async () => {
    goodZone('oldkey.test');
    dns.zone.set(`${own.selector}._domainkey.oldkey.test`, { TXT: ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAold'] });
    expect(result(await checkSendingDomain('a@oldkey.test', own, NOW), 'dkim')).toMatchObject({ status: 'wrong', reason: 'dkimWrongKey' });
    goodZone('provider.test');
    dns.zone.delete(`${own.selector}._domainkey.provider.test`);
    dns.zone.set('provider1._domainkey.provider.test', { TXT: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'] });
    const report = await checkSendingDomain('a@provider.test', own, NOW);
    expect(result(report, 'dkim')).toMatchObject({ status: 'pass', reason: 'dkimPassProvider', values: { selector: 'provider1' } });
    expect(report.verdict).toBe('pass');
  });

  it('DMARC missing, invalid, doubled, or inherited from the parent domain', async () => {
    goodZone('nodmarc.test');
    dns.zone.delete('_dmarc.nodmarc.test');
    expect(result(await checkSendingDomain('a@nodmarc.test', own, NOW), 'dmarc')).toMatchObject({ status: 'missing', record: { name: '_dmarc.nodmarc.test', value: expect.stringMatching(/^v=DMARC1; p=none;/) } });
    goodZone('badp.test');
    dns.zone.set('_dmarc.badp.test', { TXT: ['v=DMARC1; p=maybe'] });
    expect(result(await checkSendingDomain('a@badp.test', own, NOW), 'dmarc')).toMatchObject({ status: 'wrong', reason: 'dmarcBadPolicy' });
    dns.zone.set('_dmarc.badp.test', { TXT: ['v=DMARC1; p=none', 'v=DMARC1; p=reject'] });
    expect(result(await checkSendingDomain('a@badp.test', own, NOW), 'dmarc')).toMatchObject({ status: 'wrong', reason: 'dmarcMultiple' });
    goodZone('shop.parent.test');
    dns.zone.delete('_dmarc.shop.parent.test');
    dns.zone.set('_dmarc.parent.test', { TXT: ['v=DMARC1; p=reject; sp=quarantine'] });
    expect(result(await checkSendingDomain('a@shop.parent.test', own, NOW), 'dmarc')).toMatchObject({ status: 'pass', values: { policy: 'quarantine' } });
  });

  it('no MX, or a null MX, for the reply address warns without failing the domain', async () => {
    goodZone('nomx.test');
    dns.zone.set('nomx.test', { TXT: [`v=spf1 include:${INCLUDE} -all`] });
    let report = await checkSendingDomain('a@nomx.test', own, NOW);
    expect(result(report, 'mx')).toMatchObject({ status: 'missing', record: { type: 'MX', name: 'nomx.test' } });
    expect(report.verdict).toBe('pass');
    dns.zone.set('nomx.test', { TXT: [`v=spf1 include:${INCLUDE} -all`], MX: [{ exchange: '', priority: 0 }] });
    report = await checkSendingDomain('a@nomx.test', own, NOW);
    expect(result(report, 'mx')).toMatchObject({ status: 'wrong', reason: 'mxNull' });
  });

  it('a free mailbox provider is refused with its reason, whatever DNS says', async () => {
    for (const email of ['shop@gmail.com', 'shop@QQ.com', 'shop@163.com', 'shop@outlook.com']) {
      const report = await checkSendingDomain(email, own, NOW);
      expect(report.verdict).toBe('fail');
      expect(report.results).toEqual([{ check: 'freeMailbox', status: 'wrong', reason: 'freeMailbox', values: { domain: email.split('@')[1].toLowerCase() } }]);
    }
  });

  it('a DNS timeout answers "could not check": never a pass', async () => {
    goodZone('slow.test');
    for (const name of ['slow.test', '_dmarc.slow.test', `${own.selector}._domainkey.slow.test`, 'provider1._domainkey.slow.test']) dns.mute.add(name);
    const report = await checkSendingDomain('a@slow.test', own, NOW);
    expect(report.verdict).toBe('unknown');
    for (const check of ['spf', 'dkim', 'dmarc', 'mx'] as const) expect(result(report, check)).toMatchObject({ status: 'unknown', reason: 'couldNotCheck' });
    // One record slow, the rest right: still not a pass.
    dns.mute.clear();
    dns.mute.add('_dmarc.slow.test');
    expect((await checkSendingDomain('a@slow.test', own, NOW)).verdict).toBe('unknown');
  });

  it('a DNS server that does not answer at all (nothing listening) is "could not check" too', async () => {
    const closed = await startLoopbackDns();
    const address = closed.address;
    await closed.close();
    process.env.DELIVERABILITY_DNS_SERVERS = address;
    try {
      const report = await checkSendingDomain('a@good.test', own, NOW);
      expect(report.verdict).toBe('unknown');
    } finally {
      process.env.DELIVERABILITY_DNS_SERVERS = dns.address;
    }
  });
});
