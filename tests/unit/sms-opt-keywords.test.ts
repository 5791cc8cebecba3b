import { describe, expect, it } from 'vitest';
import { keywordLocale, optKeywordOfTwilio, parseOptKeyword, TWILIO_OPT_IN_WORDS, TWILIO_OPT_OUT_WORDS } from '@/lib/inbox/opt-keywords';

describe('opt keywords as Twilio matches them: the whole body, trimmed, any case', () => {
  it("includes every word of Twilio's default STOP filtering, OPTOUT and REVOKE too", () => {
    expect([...TWILIO_OPT_OUT_WORDS].sort()).toEqual(['cancel', 'end', 'optout', 'quit', 'revoke', 'stop', 'stopall', 'unsubscribe']);
    expect([...TWILIO_OPT_IN_WORDS].sort()).toEqual(['start', 'unstop', 'yes']);
  });

  it.each(TWILIO_OPT_OUT_WORDS.flatMap((w) => [w, w.toUpperCase(), ` ${w[0].toUpperCase()}${w.slice(1)}\n`, `${w}.`, `${w.toUpperCase()}!`]))('%j opts out', (body) => {
    expect(parseOptKeyword(body)).toBe('optout');
  });

  it.each(TWILIO_OPT_IN_WORDS.flatMap((w) => [w, w.toUpperCase(), `\t${w} `, `${w}!`]))('%j opts in', (body) => {
    expect(parseOptKeyword(body)).toBe('optin');
  });

  it.each(['TD', 'td。', '退订', '退訂！', '取消', '取消订阅', '取消訂閱', 'ＳＴＯＰ', 'ＯＰＴＯＵＴ'])('our own and full-width %j opt out', (body) => {
    expect(parseOptKeyword(body)).toBe('optout');
  });

  it.each(['STOP PLEASE', 'please stop', 'OPT OUT', 'opt-out', 'stopp', 'stop stop', 'HELP', 'INFO', '', '   ', 'st op', 'stop 🙏', `stop${' '.repeat(100)}x`, 'x'.repeat(10_000)])('%j is not a keyword', (body) => {
    expect(parseOptKeyword(body)).toBeNull();
  });

  it("reads Twilio's OptOutType verdict; HELP and others change nothing", () => {
    expect(optKeywordOfTwilio('STOP')).toBe('optout');
    expect(optKeywordOfTwilio('start')).toBe('optin');
    expect(optKeywordOfTwilio('HELP')).toBeNull();
    expect(optKeywordOfTwilio(undefined)).toBeNull();
    expect(optKeywordOfTwilio('STOPALL')).toBeNull();
  });

  it('tells the language a keyword was written in, for contacts without one', () => {
    expect(['Stop.', 'OPTOUT', 'yes', 'TD'].map(keywordLocale)).toEqual(['en-US', 'en-US', 'en-US', 'en-US']);
    expect(['退订', '取消', '订阅'].map(keywordLocale)).toEqual(['zh-CN', 'zh-CN', 'zh-CN']);
    expect(['退訂', '取消訂閱', '訂閱'].map(keywordLocale)).toEqual(['zh-HK', 'zh-HK', 'zh-HK']);
    expect(keywordLocale('hello')).toBeNull();
  });
});
