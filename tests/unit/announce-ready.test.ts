import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { announceWhenAnswering, holdReadyLine } from '@/scripts/announce-ready.mjs';

/**
 * `npm start` printed Next's "Ready" at once, and the first request then waited 57 s on a busy
 * machine while the migrations and the demo data were prepared, with nothing said. Over real
 * HTTP: "preparing" is said first, and "Ready" only once /api/ready and /login answer.
 */
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function serverReadyAfter(refusals: number): Promise<string> {
  let asked = 0;
  const listening = http.createServer((request, response) => {
    if (request.url === '/api/ready') {
      asked++;
      response.writeHead(asked > refusals ? 200 : 503).end();
    } else response.writeHead(asked > refusals ? 200 : 503).end('<html></html>');
  });
  server = listening;
  return new Promise((resolve) => listening.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`)));
}

describe('the start announces "Ready" only when the app answers', () => {
  it('holds Next\'s Ready line back until the app answers, saying what it prepares first', async () => {
    const lines: string[] = [];
    const target = { log: (...args: unknown[]) => lines.push(args.join(' ')) };
    const release = holdReadyLine(target);
    target.log(' ✓ Ready in 312ms');
    target.log('another line');
    expect(lines).toEqual(['another line']);
    const base = await serverReadyAfter(3);
    const answering = await announceWhenAnswering(base, { log: (line: string) => target.log(line), release, localEvaluation: true });
    expect(answering).toBe(true);
    const preparing = lines.findIndex((l) => l.startsWith('[serve] preparing'));
    const nextReady = lines.findIndex((l) => l.includes('Ready in'));
    const ours = lines.findIndex((l) => l.startsWith('[serve] Ready at'));
    expect(preparing).toBeGreaterThan(0);
    expect(nextReady).toBeGreaterThan(preparing);
    expect(ours).toBeGreaterThan(nextReady);
    expect(lines[ours]).toContain('/dev/mailbox');
  });

  it('says so, and releases the line, when the app never answers within the bound', async () => {
    const lines: string[] = [];
    const base = await serverReadyAfter(Number.POSITIVE_INFINITY);
    let released = false;
    const answering = await announceWhenAnswering(base, { log: (line: string) => lines.push(line), release: () => (released = true), maxWaitMs: 1_200 });
    expect(answering).toBe(false);
    expect(released).toBe(true);
    expect(lines.at(-1)).toMatch(/not answering/);
  });
});
