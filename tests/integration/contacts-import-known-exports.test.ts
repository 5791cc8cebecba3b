import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as preview from '@/app/api/member/import/preview/route';
import * as commit from '@/app/api/member/import/route';
import { POST as importReviewsRoute } from '@/app/api/reviews/import/route';
import { csvOf, upload } from './contacts-helpers';

/**
 * tests/fixtures/contact-exports: the files Google Contacts, Outlook, Apple Contacts (vCard 3),
 * a phone (vCard 4), Mailchimp, Shopify, Square and HubSpot export. Each is recognised by its
 * headers and imported with the columns the preview chose, the merchant mapping nothing.
 */
const t = setupTestDatabase();
const DIR = path.join(process.cwd(), 'tests/fixtures/contact-exports');
const read = (file: string) => fs.readFileSync(path.join(DIR, file));

type Contact = { firstName: string; lastName: string; email: string | null; phone: string | null; tags: string[]; emailOptIn: boolean | null };

describe(`known contact exports (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it.each([
    ['google-contacts.csv', 'googleContacts'],
    ['google-contacts-legacy.csv', 'googleContacts'],
    ['outlook.csv', 'outlook'],
    ['apple-contacts.vcf', 'vcard'],
    ['vcard4.vcf', 'vcard'],
    ['mailchimp.csv', 'mailchimp'],
    ['shopify.csv', 'shopify'],
    ['square.csv', 'square'],
    ['hubspot.csv', 'hubspot'],
  ])('%s maps itself and imports both people', async (file, source) => {
    const m = await createMerchant(t.db);
    const shown = await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes: read(file) });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.source).toBe(source);
    // The columns exactly as the preview chose them: no manual mapping.
    const res = await upload(commit.POST, '/member/import', m.token, { name: file, bytes: read(file) }, { columns: JSON.stringify(shown.body.data.columns) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, skipped: 0 });
    const contacts = (await callApi<{ records: Contact[] }>(list.GET, { path: '/member?pageSize=100', token: m.token })).body.data.records;
    const jose = contacts.find((c) => c.email === 'jose@example.com');
    const chan = contacts.find((c) => c.email === 'chan@example.hk');
    expect(jose).toMatchObject({ firstName: 'José', lastName: 'Müller', phone: '+4915123456789' });
    expect(chan).toMatchObject({ firstName: '大文', lastName: '陳', phone: '+85291234567' });
    if (file === 'outlook.csv') expect(jose?.tags).toEqual(['VIP', 'Regular']);
    if (file === 'shopify.csv') expect(jose).toMatchObject({ emailOptIn: true, tags: ['VIP', 'Regular'] });
  });

  it('reads a 00 international prefix and a line break inside a name as a person would', async () => {
    const m = await createMerchant(t.db);
    const file = { name: 'people.csv', bytes: csvOf('Name,Phone,Email\r\n"Mary\r\nJones\t",00852 9123 4567,mary@example.com\r\n') };
    const res = await upload(commit.POST, '/member/import', m.token, file, { columns: JSON.stringify(['fullName', 'phone', 'email']) });
    expect(res.body.data).toMatchObject({ created: 1, skipped: 0, withNotes: 0 });
    const [mary] = (await callApi<{ records: Contact[] }>(list.GET, { path: '/member?pageSize=100', token: m.token })).body.data.records;
    expect(mary).toMatchObject({ firstName: 'Mary', lastName: 'Jones', phone: '+85291234567' });
  });

  it('takes a vCard only in the contacts import, not the reviews import', async () => {
    const m = await createMerchant(t.db);
    const res = await upload(importReviewsRoute, '/reviews/import', m.token, { name: 'apple-contacts.vcf', bytes: read('apple-contacts.vcf') });
    expect(res.status).toBe(415);
  });
});
