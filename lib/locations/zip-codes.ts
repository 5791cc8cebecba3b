/**
 * Postal-code rules per country (ISO 3166-1 alpha-2). A country listed here requires a code of
 * its format; a country without postcodes (Hong Kong, Macau) takes an empty one; any other country
 * takes optional free text. Pure functions: the form, the server action and the API share them.
 */
interface ZipRule {
  pattern: RegExp;
  /** Rewrites an accepted code into its usual written form (SW1A 1AA, K1A 0B1, 100-0001). */
  normalize?: (code: string) => string;
}

const compact = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();
/** UK and Canadian codes: an outward part and a three-character inward part, one space between. */
const splitLastThree = (code: string) => {
  const c = compact(code);
  return `${c.slice(0, -3)} ${c.slice(-3)}`;
};

const RULES: Record<string, ZipRule> = {
  US: { pattern: /^\d{5}(-?\d{4})?$/, normalize: (c) => (compact(c).length === 9 ? `${compact(c).slice(0, 5)}-${compact(c).slice(5)}` : c) },
  CN: { pattern: /^\d{6}$/ },
  // Taiwan: the 3-digit area code, or the 3+2 / 3+3 forms used since 2020.
  TW: { pattern: /^\d{3}(\d{2}|\d{3})?$/ },
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, normalize: splitLastThree },
  JP: { pattern: /^\d{3}-?\d{4}$/, normalize: (c) => `${compact(c).slice(0, 3)}-${compact(c).slice(3)}` },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i, normalize: splitLastThree },
  AU: { pattern: /^\d{4}$/ },
  SG: { pattern: /^\d{6}$/ },
  NZ: { pattern: /^\d{4}$/ },
  KR: { pattern: /^\d{5}$/ },
  MY: { pattern: /^\d{5}$/ },
  DE: { pattern: /^\d{5}$/ },
  FR: { pattern: /^\d{5}$/ },
};

/** Hong Kong has no postcodes; 999077 is the placeholder many forms and clients send. */
export const HK_PLACEHOLDER_ZIP = '999077';

/** Countries and territories with no postcode system. */
const NO_POSTCODE = new Set(['HK', 'MO']);

/** The countries whose format is checked (message keys exist for each: locations.zip.<CC>). */
export const ZIP_CHECKED_COUNTRIES = [...Object.keys(RULES), ...NO_POSTCODE];

export type ZipCheck = { ok: true; value: string } | { ok: false; messageKey: string };

/**
 * Checks a zip code against the country's rule and answers the stored form, or the message key
 * of a refusal. Codes are trimmed; spaces around dashes are ignored.
 */
export function checkZipCode(country: string, zipCode: string | null | undefined): ZipCheck {
  const cc = country.trim().toUpperCase();
  // NFKC: full-width digits and letters as a Chinese IME types them (２０００４０) read as ASCII.
  const code = (zipCode ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (NO_POSTCODE.has(cc)) {
    // 999077: the code forms and foreign senders commonly require for Hong Kong; kept as given.
    if (code === '' || (cc === 'HK' && code === HK_PLACEHOLDER_ZIP)) return { ok: true, value: code };
    return { ok: false, messageKey: `locations.zip.${cc}` };
  }
  const rule = RULES[cc];
  if (!rule) {
    return code.length <= 20 ? { ok: true, value: code } : { ok: false, messageKey: 'locations.zip.tooLong' };
  }
  if (!rule.pattern.test(code)) return { ok: false, messageKey: `locations.zip.${cc}` };
  return { ok: true, value: rule.normalize ? rule.normalize(code.toUpperCase()) : code };
}

/** Whether the country needs a zip code at all (for the form's required mark). */
export function zipCodeRequired(country: string): boolean {
  return country.trim().toUpperCase() in RULES;
}

/** Whether the country has no postcodes (the form disables the field). */
export function zipCodeAbsent(country: string): boolean {
  return NO_POSTCODE.has(country.trim().toUpperCase());
}
