import { describe, expect, it } from 'vitest';
import { replySubject } from '@/lib/inbox/reply-subject';

describe('replySubject', () => {
  it('prefixes "Re: " once, whatever the case or language of a prefix already there', () => {
    expect(replySubject('Parking', 'Shop')).toBe('Re: Parking');
    expect(replySubject('Re: Parking', 'Shop')).toBe('Re: Parking');
    expect(replySubject('RE:Parking', 'Shop')).toBe('RE:Parking');
    expect(replySubject('回复：感谢您的光临', 'Shop')).toBe('回复：感谢您的光临');
    expect(replySubject('Regarding parking', 'Shop')).toBe('Re: Regarding parking');
  });

  it('falls back to the merchant name, folds line breaks and stays within 200 characters', () => {
    expect(replySubject(null, 'Morning Light')).toBe('Morning Light');
    expect(replySubject('  ', '')).toBe('');
    expect(replySubject('a\r\nb', 'x')).toBe('Re: a b');
    expect(replySubject('y'.repeat(300), 'x')).toHaveLength(200);
  });
});
