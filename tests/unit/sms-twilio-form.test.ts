import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import twilio from 'twilio';
import { inboundSmsFromTwilio, MAX_MMS_MEDIA } from '@/lib/inbox/twilio-inbound-form';
import { isValidTwilioSignature, twilioSignature } from '@/lib/sending/twilio-signature';
import { mediaKind } from '@/lib/inbox/media';

const TOKEN = 'unit-auth-token';

describe('our Twilio signature agrees with the official library', () => {
  it('for any form, repeated names included', () => {
    const params = fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 1, maxLength: 3 })), { maxKeys: 8 });
    fc.assert(
      fc.property(params, fc.webUrl({ withQueryParameters: true }), (p, url) => {
        const official = twilio.getExpectedTwilioSignature(TOKEN, url, p);
        expect(twilioSignature(TOKEN, url, p)).toBe(official);
        expect(isValidTwilioSignature(TOKEN, url, p, official)).toBe(true);
        expect(twilio.validateRequest(TOKEN, official, url, p)).toBe(true);
      }),
    );
  });

  it('accepts the default port added or removed, refuses other ports and other tokens', () => {
    const params = { Body: 'hi', From: '+14155550100' };
    const withPort = twilio.getExpectedTwilioSignature(TOKEN, 'https://app.test:443/api/webhooks/twilio/inbound', params);
    expect(isValidTwilioSignature(TOKEN, 'https://app.test/api/webhooks/twilio/inbound', params, withPort)).toBe(true);
    const other = twilio.getExpectedTwilioSignature(TOKEN, 'https://app.test:8443/api/webhooks/twilio/inbound', params);
    expect(isValidTwilioSignature(TOKEN, 'https://app.test/api/webhooks/twilio/inbound', params, other)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'https://app.test/x', params, twilio.getExpectedTwilioSignature('other', 'https://app.test/x', params))).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'https://app.test/x', params, null)).toBe(false);
  });
});

describe('the inbound form as a message', () => {
  const url = (i: number) => `https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME${i}`;

  it('reads MMS media in order with their types', () => {
    const m = inboundSmsFromTwilio({ From: '+14155550100', To: '+15005550006', Body: '', NumMedia: '2', MediaUrl0: url(0), MediaContentType0: 'image/jpeg', MediaUrl1: url(1), MediaContentType1: 'text/vcard; charset=utf-8', MessageSid: 'MM0123' }, null);
    expect(m).toMatchObject({ from: '+14155550100', body: '', sid: 'MM0123', media: [{ url: url(0), contentType: 'image/jpeg' }, { url: url(1), contentType: 'text/vcard' }] });
    expect(m.media?.map((x) => mediaKind(x.contentType))).toEqual(['image', 'file']);
  });

  it('bounds every field, whatever the form holds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 16 }), fc.string({ maxLength: 5000 }), { maxKeys: 30 }), (form) => {
        const m = inboundSmsFromTwilio(form, null);
        expect(m.from.length).toBeLessThanOrEqual(64);
        expect(m.to.length).toBeLessThanOrEqual(64);
        expect(m.body.length).toBeLessThanOrEqual(10_000);
        expect(m.sid === undefined || /^[A-Za-z0-9]{1,64}$/.test(m.sid)).toBe(true);
        expect(m.media?.length ?? 0).toBeLessThanOrEqual(MAX_MMS_MEDIA);
        for (const item of m.media ?? []) expect(item.url).toMatch(/^https?:\/\//);
      }),
    );
  });

  it('drops URLs that are not http(s), and an overlong sender', () => {
    const m = inboundSmsFromTwilio({ From: '+1'.padEnd(80, '5'), NumMedia: '3', MediaUrl0: 'javascript:alert(1)', MediaUrl1: 'data:image/png;base64,AAAA', MediaUrl2: url(2), MediaContentType2: 'IMAGE/PNG' }, null);
    expect(m.from).toBe('');
    expect(m.media).toEqual([{ url: url(2), contentType: 'image/png' }]);
  });
});
