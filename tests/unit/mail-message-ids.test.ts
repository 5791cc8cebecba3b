import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_ID_LENGTH } from '@/lib/inbox/limits';
import { cutText, storableText } from '@/lib/inbox/mail-clean';
import { messageIds, storedMessageId } from '@/lib/inbox/message-ids';

describe('messageIds: In-Reply-To and References as clients write them', () => {
  it('reads bracketed ids, several, without spaces, folded, with comments', () => {
    expect(messageIds('<a@x>')).toEqual(['<a@x>']);
    expect(messageIds('<a@x> <b@y>')).toEqual(['<a@x>', '<b@y>']);
    expect(messageIds('<a@x><b@y>')).toEqual(['<a@x>', '<b@y>']);
    expect(messageIds('<a@x>\r\n\t<b@y>\r\n <c@z>')).toEqual(['<a@x>', '<b@y>', '<c@z>']);
    expect(messageIds('<a@x> (from postmaster)')).toEqual(['<a@x>']);
  });

  it('falls back to the words with an @ when no id is bracketed', () => {
    expect(messageIds('a@x')).toEqual(['<a@x>']);
    expect(messageIds('a@x (sent by b@robot) c@y')).toEqual(['<a@x>', '<c@y>']);
    expect(messageIds('a@x, b@y')).toEqual(['<a@x>', '<b@y>']);
    expect(messageIds('no ids here')).toEqual([]);
    expect(messageIds('')).toEqual([]);
    expect(messageIds(undefined)).toEqual([]);
  });

  it('keeps an over-long id as a stable digest, the same for storing and looking up', () => {
    const long = `<${'x'.repeat(5000)}@example.com>`;
    const [id] = messageIds(long);
    expect(id.length).toBeLessThanOrEqual(MAX_MESSAGE_ID_LENGTH);
    expect(id).toBe(storedMessageId(long));
    expect(messageIds(`<a@b> ${long}`)[1]).toBe(id);
    expect(messageIds(long.slice(1, -1))[0]).toBe(id);
    expect(storedMessageId('<short@x>')).toBe('<short@x>');
  });
});

describe('storableText and cutText', () => {
  it('leaves out NUL and lone surrogates, keeping pairs', () => {
    expect(storableText('a\u0000b\ud800c\udc00d😊')).toBe('abcd😊');
  });

  it('cuts without splitting a surrogate pair', () => {
    expect(cutText('ab😊', 3)).toBe('ab');
    expect(cutText('ab😊', 4)).toBe('ab😊');
    expect(cutText('abc', 5)).toBe('abc');
  });
});
