/**
 * The text encodings a CSV import reads, as the preview names them and the merchant picks one.
 * Plain values: the import screen imports them without the detector and the decoders.
 */
export const textEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'gb18030', 'big5hkscs', 'shift_jis', 'euc-kr'] as const;
export type TextEncoding = (typeof textEncodings)[number];
