/**
 * Issue 19 point 6: what keeping each sent message costs in PostgreSQL. 100,000 sent deliveries
 * of one campaign, stored as the dispatcher stores them (deliveries.content_hash and
 * template_version, the content in message_contents, shared by identical renders), against the
 * same deliveries without content. Messages are rendered by the sending engine's renderer
 * (tracking included, as sent) from the built-in review-request templates:
 *
 *   - email-none, sms-none: no content kept (the deliveries as before issue 19), the baselines;
 *   - email-per-contact: the e-mail with the member's name and links (distinct renders);
 *   - email-shared:      the same e-mail without parameters (still distinct: the open pixel and
 *                        click redirects carry the delivery id);
 *   - email-shared-untracked: the same, stored without its tracking (what sharing would save if
 *                        the stored HTML left out the per-delivery pixel and redirects);
 *   - sms-per-contact:   the SMS with the member's name and review link;
 *   - sms-shared:        an SMS without parameters (one shared render).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sending-storage.ts [100000]
 *
 * A database of its own, dropped afterwards (BENCH_KEEP=1 keeps it). Sizes are measured after
 * VACUUM ANALYZE of freshly inserted rows: the steady state of a table without dead rows.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import postgres from 'postgres';
import { openDatabase } from '@/db/client';
import { commonTemplateRows } from '@/lib/seed/common-templates';
import { renderEmail, renderEmailContent, renderSms, tokenValues, type RenderContext } from '@/lib/sending/render-message';
import { htmlToText } from '@/lib/templates/html-text';
import { storedContent, type SentContent } from '@/lib/sending/sent-content';

const DELIVERIES = Number(process.argv[2] ?? 100_000);
const BATCH = 2_000;
const BASE_URL = 'https://app.starloop.example';
const REVIEW_LINK = 'https://g.page/r/CbenchStore123/review';

type Scenario = 'email-none' | 'email-per-contact' | 'email-shared' | 'email-shared-untracked' | 'sms-none' | 'sms-per-contact' | 'sms-shared';
const SCENARIOS: Scenario[] = ['email-none', 'email-per-contact', 'email-shared', 'email-shared-untracked', 'sms-none', 'sms-per-contact', 'sms-shared'];

interface Sizes {
  scenario: Scenario;
  deliveriesTotal: number;
  deliveriesHeap: number;
  addedColumns: number;
  contentsTotal: number;
  contentRows: number;
  renderMs: number;
}

async function main() {
  process.env.AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `starloop_bench_storage_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  // Migrated by the app's own migrations, then written to through a plain client.
  await (await openDatabase({ url: url.toString() })).close();
  const db = postgres(url.toString(), { max: 2, onnotice: () => {} });
  const results: Sizes[] = [];
  try {
    const [{ id: merchantId }] = await db<{ id: number }[]>`insert into merchants (name, address) values ('Bench Café', '1 Bench Road') returning id`;
    for (const scenario of SCENARIOS) {
      await db`truncate deliveries, message_contents cascade`;
      const renderMs = await fill(db, merchantId, scenario);
      await db.unsafe('vacuum analyze deliveries');
      await db.unsafe('vacuum analyze message_contents');
      const [s] = await db<{ total: string; heap: string; added: string; contents: string; rows: number }[]>`
        select pg_total_relation_size('deliveries') as total, pg_relation_size('deliveries') as heap,
               (select coalesce(sum(pg_column_size(content_hash)), 0) + coalesce(sum(pg_column_size(template_version)), 0) from deliveries) as added,
               pg_total_relation_size('message_contents') as contents,
               (select count(*)::int from message_contents) as rows`;
      results.push({ scenario, deliveriesTotal: Number(s.total), deliveriesHeap: Number(s.heap), addedColumns: Number(s.added), contentsTotal: Number(s.contents), contentRows: s.rows, renderMs });
      progress(`${scenario}: deliveries ${mb(Number(s.total))}, message_contents ${mb(Number(s.contents))} (${s.rows} rows)`);
    }
  } finally {
    await db.end();
    if (process.env.BENCH_KEEP !== '1') await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  const baseline = (r: Sizes) => results.find((b) => b.scenario === (r.scenario.startsWith('sms') ? 'sms-none' : 'email-none')) ?? r;
  console.log(JSON.stringify({ machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB`, date: new Date().toISOString(), loadAverage: os.loadavg().map((l) => +l.toFixed(1)), deliveries: DELIVERIES }, null, 2));
  console.log('\n| scenario | deliveries (total) | + vs its none | added columns (data) | message_contents (total) | content rows | added per delivery |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const none = baseline(r);
    const extra = r.deliveriesTotal - none.deliveriesTotal + (r.contentsTotal - none.contentsTotal);
    console.log(`| ${r.scenario} | ${mb(r.deliveriesTotal)} | ${mb(r.deliveriesTotal - none.deliveriesTotal)} | ${mb(r.addedColumns)} | ${mb(r.contentsTotal)} | ${r.contentRows} | ${Math.round(extra / DELIVERIES)} B |`);
  }
}

/** The campaign's sent deliveries (and their contents, but for `none`), in batches; answers the render time. */
async function fill(db: postgres.Sql, merchantId: number, scenario: Scenario): Promise<number> {
  const channel = scenario.startsWith('sms') ? 1 : 0;
  const template = templateFor(scenario);
  const sentAt = new Date();
  let renderMs = 0;
  for (let start = 1; start <= DELIVERIES; start += BATCH) {
    const deliveries = [];
    const contents = new Map<string, ReturnType<typeof storedContent>>();
    for (let id = start; id < Math.min(start + BATCH, DELIVERIES + 1); id++) {
      const to = channel === 0 ? `member${id}@bench.example` : `+1555${String(1_000_000 + id).slice(-7)}`;
      let hash: string | null = null;
      if (!scenario.endsWith('none')) {
        const began = performance.now();
        const content = render(template, channel, id, merchantId, scenario === 'email-shared-untracked');
        renderMs += performance.now() - began;
        contents.set(content.hash, content);
        hash = content.hash;
      }
      deliveries.push({
        id, merchant_id: merchantId, campaign_id: 1, contact_id: id, channel, to_address: to, status: 'sent', attempts: 1,
        provider_message_id: channel === 0 ? `<${crypto.randomUUID()}@starloop.example>` : `SM${crypto.randomBytes(16).toString('hex')}`,
        queued_at: sentAt, next_attempt_at: sentAt, sent_at: sentAt, updated_at: sentAt, attempted_at: sentAt,
        content_hash: hash, template_version: hash ? 1 : null,
      });
    }
    await db`insert into deliveries ${db(deliveries)} on conflict do nothing`;
    if (contents.size) {
      const rows = [...contents.values()].map((c) => ({ hash: c.hash, merchant_id: merchantId, subject: c.subject, text: c.text, html: c.html }));
      await db`insert into message_contents ${db(rows)} on conflict (hash) do nothing`;
    }
  }
  return Math.round(renderMs);
}

function templateFor(scenario: Scenario): RenderContext['template'] {
  const key = scenario.startsWith('sms') ? 'reviews-sms:en-US' : 'reviews-email:en-US';
  const row = commonTemplateRows().find((r) => r.builtinKey === key);
  if (!row) throw new Error(`no built-in template ${key}`);
  const shared = scenario.includes('shared');
  // Without parameters: every token replaced by fixed words, as a merchant's plain announcement.
  const fixed = (text: string) => (shared ? text.replace(/\{\{\s*\w+\s*\}\}/g, 'friend') : text);
  return { subject: row.subject ? fixed(row.subject) : null, content: fixed(row.content ?? ''), contentText: fixed(row.contentText ?? ''), includeUnsubscribe: Boolean(row.includeUnsubscribe), locale: 'en-US' };
}

function render(template: RenderContext['template'], channel: number, id: number, merchantId: number, untracked: boolean) {
  const ctx: RenderContext = {
    template,
    contact: { firstName: `Member${id}`, lastName: 'Bench', optToken: crypto.createHash('md5').update(String(id)).digest('base64url'), locale: 'en-US' },
    reviewLink: REVIEW_LINK,
    baseUrl: BASE_URL,
  };
  let content: SentContent;
  if (channel === 0 && untracked) {
    const { subject, html } = renderEmailContent(ctx, tokenValues(ctx, 'email'));
    content = { subject, text: htmlToText(html), html };
  } else if (channel === 0) {
    const email = renderEmail(ctx, id, 1);
    content = { subject: email.subject, text: email.text, html: email.html };
  } else {
    content = { subject: null, text: renderSms(ctx).body, html: null };
  }
  return storedContent(merchantId, content);
}

function mb(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

function progress(message: string) {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
