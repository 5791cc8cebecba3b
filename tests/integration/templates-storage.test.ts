import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { localStorage, storageFromEnv } from '@/lib/storage/storage';

describe('file storage', () => {
  it('local folder: put, get, delete, and keys cannot leave the root', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'starloop-store-'));
    try {
      const store = localStorage(root);
      await store.put('campaign/1/a.png', new Uint8Array([1, 2, 3]), 'image/png');
      expect(Array.from((await store.get('campaign/1/a.png')) ?? [])).toEqual([1, 2, 3]);
      await store.delete('campaign/1/a.png');
      expect(await store.get('campaign/1/a.png')).toBeNull();
      await expect(store.put('../escape.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/escapes/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('S3 when S3_BUCKET is set: real HTTP to an S3-compatible endpoint (path style, signed)', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        seen.push(`${req.method} ${url.pathname} ${String(req.headers.authorization ?? '').split(' ')[0]}`);
        if (req.method === 'PUT') {
          objects.set(url.pathname, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.setHeader('etag', '"1"');
          res.end();
        } else if (req.method === 'GET') {
          const o = objects.get(url.pathname);
          if (!o) {
            res.statusCode = 404;
            res.setHeader('content-type', 'application/xml');
            res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
            return;
          }
          res.setHeader('content-type', o.type);
          res.setHeader('content-length', String(o.body.length));
          res.end(o.body);
        } else if (req.method === 'DELETE') {
          objects.delete(url.pathname);
          res.statusCode = 204;
          res.end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const store = storageFromEnv({ S3_BUCKET: 'starloop-test', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'AKIATEST', S3_SECRET_ACCESS_KEY: 'secret' } as unknown as NodeJS.ProcessEnv);
      expect(store.bucket).toBe('starloop-test');
      await store.put('post/1/x.png', new Uint8Array([9, 8, 7]), 'image/png');
      expect(objects.get('/starloop-test/post/1/x.png')?.type).toBe('image/png');
      expect(Array.from((await store.get('post/1/x.png')) ?? [])).toEqual([9, 8, 7]);
      await store.delete('post/1/x.png');
      expect(await store.get('post/1/x.png')).toBeNull();
      expect(seen[0]).toBe('PUT /starloop-test/post/1/x.png AWS4-HMAC-SHA256');
    } finally {
      server.close();
    }
  });
});
