import ICAL from 'ical.js';
import { refuse } from './refusals';
import { SheetBuilder, type RowLimit, type SheetRow } from './sheet-builder';

/** The columns a vCard file is read into: the import recognises them as a phone's contacts (known-exports.ts). */
export const VCARD_HEADERS = ['Full Name', 'First Name', 'Last Name', 'Email', 'Phone', 'Organization', 'Note'] as const;

/**
 * A .vcf file (vCard 3 or 4: what a phone, Apple Contacts, iCloud, Google and Outlook share) as
 * rows under VCARD_HEADERS, one per card, parsed by ical.js. A card's mobile number is its phone
 * (else the one marked preferred, else the first); its preferred e-mail, else the first.
 */
export function readVcard(text: string, limit?: RowLimit): SheetRow[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw refuse.unreadable();
  }
  const cards = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const sheet = new SheetBuilder(limit);
  VCARD_HEADERS.forEach((header, c) => sheet.put(0, c, header));
  let row = 1;
  for (const jcard of cards) {
    if (!Array.isArray(jcard) || jcard[0] !== 'vcard') continue;
    const card = new ICAL.Component(jcard as ConstructorParameters<typeof ICAL.Component>[0]);
    const name = card.getFirstPropertyValue('n');
    const [family, given] = Array.isArray(name) ? name.map((part) => (Array.isArray(part) ? part.join(' ') : String(part ?? ''))) : ['', ''];
    const values = [asText(card.getFirstPropertyValue('fn')), given ?? '', family ?? '', preferred(card, 'email', []), preferred(card, 'tel', ['cell', 'mobile', 'iphone']).replace(/^tel:/i, ''), orgOf(card), asText(card.getFirstPropertyValue('note'))];
    values.forEach((value, c) => sheet.put(row, c, value));
    row++;
  }
  if (row === 1) throw refuse.noRows();
  return sheet.build();
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

function orgOf(card: ICAL.Component): string {
  const org = card.getFirstPropertyValue('org');
  return Array.isArray(org) ? org.filter(Boolean).join(' ') : asText(org);
}

/** The value of the card's property of one of `types` (case-insensitive), else the one marked preferred, else the first. */
function preferred(card: ICAL.Component, property: string, types: string[]): string {
  const all = card.getAllProperties(property);
  const typesOf = (p: ICAL.Property) => {
    const type = p.getParameter('type');
    return (Array.isArray(type) ? type : type ? [type] : []).map((t) => String(t).toLowerCase());
  };
  const pick = all.find((p) => typesOf(p).some((t) => types.includes(t))) ?? all.find((p) => typesOf(p).includes('pref') || p.getParameter('pref') !== undefined) ?? all[0];
  return pick ? asText(pick.getFirstValue()) : '';
}
