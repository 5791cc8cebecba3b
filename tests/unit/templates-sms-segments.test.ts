import { describe, expect, it } from 'vitest';
import { countSms, smsEncoding } from '@/lib/templates/sms-segments';

describe('countSms', () => {
  it('counts nothing for an empty text', () => {
    expect(countSms('')).toMatchObject({ segments: 0, characters: 0, encoding: 'GSM-7', remaining: 160 });
  });

  it('GSM-7: 160 in one message, 153 per part after that', () => {
    expect(countSms('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, units: 160, remaining: 0 });
    expect(countSms('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 306 - 161 });
    expect(countSms('a'.repeat(306)).segments).toBe(2);
    expect(countSms('a'.repeat(307)).segments).toBe(3);
  });

  it('GSM-7 extension characters take two units', () => {
    expect(countSms('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1, characters: 80 });
    expect(countSms('{'.repeat(81)).segments).toBe(2);
  });

  it('Chinese is UCS-2: 70 in one message, 67 per part', () => {
    expect(smsEncoding('你好')).toBe('UCS-2');
    expect(countSms('好'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSms('好'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(countSms('好'.repeat(134)).segments).toBe(2);
    expect(countSms('好'.repeat(135)).segments).toBe(3);
  });

  it('one non-GSM character turns the whole message UCS-2', () => {
    expect(countSms(`${'a'.repeat(100)}é`).encoding).toBe('GSM-7');
    expect(countSms(`${'a'.repeat(100)}’`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('an emoji counts two UTF-16 units but one character', () => {
    expect(countSms('😀')).toMatchObject({ encoding: 'UCS-2', units: 2, characters: 1 });
  });
});
