import { describe, expect, it } from 'vitest';
import { messageNames } from '@/lib/messaging/smtp-transport';

describe('the names an SMTP message is sent with', () => {
  it('gives a UUID Message-ID at the sender domain and a boundary base, new for every message', () => {
    const a = messageNames('"Bench Café" <campaigns@starloop.test>');
    const b = messageNames('campaigns@mail.starloop.test');
    expect(a.messageId).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@starloop\.test>$/);
    expect(b.messageId).toMatch(/@mail\.starloop\.test>$/);
    expect(a.baseBoundary).toMatch(/^[0-9a-f]{16}$/);
    expect(a.messageId).not.toBe(b.messageId);
    expect(a.baseBoundary).not.toBe(b.baseBoundary);
  });

  it('falls back to localhost without an address', () => {
    expect(messageNames('Bench').messageId).toMatch(/@localhost>$/);
  });
});
