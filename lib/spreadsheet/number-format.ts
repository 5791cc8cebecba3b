/**
 * What a cell's number format shows: a date, a time, both, or a plain number (perhaps padded with
 * leading zeros, like a zip code format "00000"). Read from the format code's first section,
 * leaving out quoted text, escapes, colours and locale tags, as Excel itself reads it.
 */
export interface NumberFormat {
  date: boolean;
  time: boolean;
  seconds: boolean;
  /** Minimum digits of a "0000"-style format, else 0. */
  pad: number;
}

const PLAIN: NumberFormat = { date: false, time: false, seconds: false, pad: 0 };
const cache = new Map<string, NumberFormat>();

export function readNumberFormat(code: string | undefined): NumberFormat {
  if (!code || /^general$/i.test(code)) return PLAIN;
  let format = cache.get(code);
  if (!format) {
    format = classify(code);
    if (cache.size < 1000) cache.set(code, format);
  }
  return format;
}

/** Excel's built-in formats by id (the ones that are dates or times; the locale's own ones included). */
export const BUILT_IN_FORMATS: Record<number, string> = {
  1: '0',
  14: 'm/d/yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  27: 'yyyy"年"m"月"',
  28: 'm"月"d"日"',
  29: 'm"月"d"日"',
  30: 'm-d-yy',
  31: 'yyyy"年"m"月"d"日"',
  32: 'h"时"mm"分"',
  33: 'h"时"mm"分"ss"秒"',
  34: 'h"时"mm"分"',
  35: 'h"时"mm"分"ss"秒"',
  36: 'yyyy"年"m"月"',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  50: 'yyyy"年"m"月"',
  51: 'm"月"d"日"',
  52: 'yyyy"年"m"月"',
  53: 'm"月"d"日"',
  54: 'm"月"d"日"',
  55: 'h"时"mm"分"',
  56: 'h"时"mm"分"ss"秒"',
  57: 'yyyy"年"m"月"',
  58: 'm"月"d"日"',
};

function classify(code: string): NumberFormat {
  const section = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .split(';')[0];
  const elapsed = /\[(h+|m+|s+)]/i.exec(section)?.[1]?.[0]?.toLowerCase();
  const bare = section
    .replace(/\[[^\]]*]/g, '')
    .replace(/[eE][+-]/g, '') // scientific notation, not an era year
    .replace(/am\/pm|a\/p/gi, '')
    .toLowerCase();
  const tokens = [...bare.matchAll(/([ydmhsegb])\1*/g)].map((m) => m[1]);
  let date = false;
  let time = elapsed !== undefined;
  let seconds = elapsed === 's';
  tokens.forEach((t, i) => {
    if (t === 'm') {
      // m is minutes right after an hour or right before a second, else the month.
      const minute = tokens[i - 1] === 'h' || tokens[i + 1] === 's' || (elapsed === 'h' && i === 0);
      if (minute) time = true;
      else date = true;
    } else if (t === 'h') time = true;
    else if (t === 's') {
      time = true;
      seconds = true;
    } else if (t === 'b' || t === 'g' || t === 'e' || t === 'y' || t === 'd') date = true;
  });
  if (elapsed === 'm') time = true;
  const zeros = /^\s*(0+)\s*$/.exec(bare);
  return { date, time, seconds, pad: !date && !time && zeros ? zeros[1].length : 0 };
}
