import type { NumberFormat } from './number-format';

/**
 * Cell values as the import reads them, whichever program wrote the file: dates as
 * `YYYY-MM-DD`, date-times as `YYYY-MM-DD HH:mm` (`:ss` when the format shows seconds), times as
 * `HH:mm`, numbers as a person sees them in Excel's General format (15 significant digits, no
 * exponent below 10^21, no trailing `.0`).
 */
export function numberText(value: number, format: NumberFormat | null, date1904: boolean): string {
  if (!Number.isFinite(value)) return '';
  if (format && (format.date || format.time)) {
    const text = serialText(value, format, date1904);
    if (text !== null) return text;
  }
  const shown = Number(value.toPrecision(15));
  const text = Object.is(shown, -0) ? '0' : String(shown);
  if (format?.pad && /^\d+$/.test(text) && text.length < format.pad) return text.padStart(format.pad, '0');
  return text;
}

// Excel's last date, 9999-12-31.
const MAX_SERIAL = 2958465;
const DAY_MS = 86_400_000;

/** An Excel date serial (1900 or 1904 system) as text, or null when it is no date. */
function serialText(serial: number, format: NumberFormat, date1904: boolean): string | null {
  if (serial < 0 || serial >= MAX_SERIAL + 1) return null;
  let days = Math.floor(serial);
  let seconds = Math.round((serial - days) * 86400);
  if (seconds >= 86400) {
    days += 1;
    seconds -= 86400;
  }
  const time = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}${format.seconds ? `:${pad2(seconds % 60)}` : ''}`;
  if (!format.date) return time;
  let day: string;
  if (!date1904 && days === 60) day = '1900-02-29'; // Lotus's leap day, which Excel kept
  else {
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
    day = new Date(epoch + days * DAY_MS).toISOString().slice(0, 10);
  }
  return format.time ? `${day} ${time}` : day;
}

/**
 * An ISO date cell (`t="d"`), read as the wall-clock time it names: no time zone is applied, a
 * trailing Z or offset is ignored, as Excel ignores it.
 */
export function isoDateText(value: string, format: NumberFormat | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
  if (!m) {
    const t = /^T?(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
    return t ? `${t[1]}:${t[2]}${format?.seconds && t[3] ? `:${t[3]}` : ''}` : value.trim();
  }
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const [h = '00', min = '00', s = '00'] = [m[4], m[5], m[6]];
  const showTime = format && (format.date || format.time) ? format.time : h !== '00' || min !== '00' || s !== '00';
  const showSeconds = format && (format.date || format.time) ? format.seconds : s !== '00';
  if (format && !format.date && format.time) return `${h}:${min}${showSeconds ? `:${s}` : ''}`;
  return showTime ? `${day} ${h}:${min}${showSeconds ? `:${s}` : ''}` : day;
}

/** Excel's escape of characters XML cannot hold (`_x000D_`; `_x005F_` is a literal underscore). */
export function decodeExcelEscapes(value: string): string {
  return value.includes('_x') ? value.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : value;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
