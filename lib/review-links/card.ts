import type { PDFDocument, PDFFont, RGB } from 'pdf-lib';
import { ACCENT_SWATCHES, type Accent } from '@/lib/theme/appearance';
import { CARD_SIZES, type CardSize } from './limits';

/**
 * The QR code alone, black on white (what scans best in poor light), at a size that prints sharp
 * on an A6 card at 300 dpi. Error correction M: survives a scratch or a fold.
 */
export async function reviewQrPng(url: string, width = 600): Promise<Buffer> {
  // Loaded on first use: the libraries stay out of every other route's start-up.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width, color: { dark: '#000000', light: '#ffffff' } });
}

export interface CardText {
  merchantName: string;
  /** "Scan to review us" in the merchant's language. */
  headline: string;
  /** The location, and the employee when the code is one's. */
  subline: string;
}

/**
 * The printable card: a band in the merchant's accent with its name, the QR code, the short link
 * under it for those who type. Text in the PDF's built-in font; characters it cannot draw
 * (Chinese, among others) are left to the band and the code rather than printed as boxes: the
 * merchant's name then shows in the subline only if it is Latin. See docs/review-links.md.
 */
export async function reviewCardPdf(options: { url: string; size: CardSize; accent: Accent; text: CardText }): Promise<Uint8Array> {
  const { width, height } = CARD_SIZES[options.size];
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(drawable(options.text.merchantName) || 'Review card');
  doc.setProducer('StarLoop');
  const page = doc.addPage([width, height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const accent = hexColour(ACCENT_SWATCHES[options.accent]);
  const grey = (level: number) => rgb(level, level, level);
  const business = options.size === 'business';
  const band = business ? 34 : 64;
  page.drawRectangle({ x: 0, y: height - band, width, height: band, color: rgb(accent.r, accent.g, accent.b) });
  const name = drawable(options.text.merchantName);
  if (name) drawCentred(page, fitted(bold, name, business ? 12 : 18, width - 24), bold, business ? 12 : 18, height - band / 2 - (business ? 4 : 6), grey(1), width);

  const png = await doc.embedPng(await reviewQrPng(options.url));
  const qrSize = business ? height - band - 22 : Math.min(width - 60, height - band - 110);
  const qrX = business ? 10 : (width - qrSize) / 2;
  const qrY = business ? 12 : height - band - 34 - qrSize;
  page.drawImage(png, { x: qrX, y: qrY, width: qrSize, height: qrSize });

  const headline = drawable(options.text.headline);
  const subline = drawable(options.text.subline);
  const shortUrl = options.url.replace(/^https?:\/\//, '');
  if (business) {
    const left = qrX + qrSize + 8;
    const room = width - left - 8;
    if (headline) page.drawText(fitted(bold, headline, 10, room), { x: left, y: qrY + qrSize - 14, size: 10, font: bold, color: grey(0.1) });
    if (subline) page.drawText(fitted(font, subline, 8, room), { x: left, y: qrY + qrSize - 30, size: 8, font, color: grey(0.3) });
    page.drawText(fitted(font, shortUrl, 6.5, room), { x: left, y: qrY + 4, size: 6.5, font, color: grey(0.3) });
  } else {
    if (headline) drawCentred(page, fitted(bold, headline, 16, width - 24), bold, 16, height - band - 24, grey(0.1), width);
    if (subline) drawCentred(page, fitted(font, subline, 11, width - 24), font, 11, qrY - 22, grey(0.3), width);
    drawCentred(page, fitted(font, shortUrl, 9, width - 24), font, 9, qrY - 42, grey(0.3), width);
  }
  return doc.save();
}

type Page = ReturnType<PDFDocument['addPage']>;

function drawCentred(page: Page, text: string, font: PDFFont, size: number, y: number, color: RGB, width: number) {
  page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

/** The text cut with an ellipsis to fit `room` points. */
function fitted(font: PDFFont, text: string, size: number, room: number): string {
  if (font.widthOfTextAtSize(text, size) <= room) return text;
  let cut = text;
  while (cut && font.widthOfTextAtSize(`${cut}...`, size) > room) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/**
 * The characters the built-in font can draw (WinAnsi: Latin with accents); others dropped. A text
 * left with no letter at all is dropped whole (a Chinese name must not print as "()").
 */
function drawable(text: string): string {
  const kept = [...text].filter((c) => WIN_ANSI.test(c)).join('').replace(/\s+/g, ' ').trim();
  return /\p{L}|\p{N}/u.test(kept) ? kept : '';
}

// Printable ASCII and Latin-1 (the part of WinAnsi every Latin name needs).
const WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff]$/;

/** "#2b6cb0" as red, green and blue from 0 to 1. */
function hexColour(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}
