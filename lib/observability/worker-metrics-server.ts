import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE, scrapeMetrics, type ScrapedFigures } from './metrics';
import { metricsAccess, metricsToken } from './metrics-access';
import { setting } from '@/lib/config/settings';

export interface WorkerMetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * WORKER_METRICS_PORT: the worker's own Prometheus scrape, GET /metrics with the same
 * `Authorization: Bearer $METRICS_TOKEN` as the web's /api/metrics (its delivery counters, round
 * times and transport errors are this process's). Off unless both are set; WORKER_METRICS_HOST
 * (default 127.0.0.1) widens it. Answers plain text: no envelope, no locale, nothing else served.
 * `readFigures` reads the database figures of each scrape (with the worker's own handle).
 */
export async function startWorkerMetricsServer(readFigures: () => Promise<ScrapedFigures>, env: Readonly<Record<string, string | undefined>> = process.env): Promise<WorkerMetricsServer | null> {
  const port = setting('workerMetricsPort', env);
  if (!port) return null;
  if (!metricsToken(env)) {
    console.error('[worker] WORKER_METRICS_PORT is set but METRICS_TOKEN is unset or shorter than 32 characters: no metrics listener');
    return null;
  }
  const server = http.createServer((request, response) => void answer(request, response, readFigures, env));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), setting('workerMetricsHost', env), () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse, readFigures: () => Promise<ScrapedFigures>, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const path = (request.url ?? '/').split('?')[0];
  if (path !== '/metrics') return plain(response, 404, 'not found\n');
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'method not allowed\n', { allow: 'GET' });
  if (metricsAccess(request.headers.authorization, env) !== 'granted') return plain(response, 401, 'unauthorized\n', { 'www-authenticate': 'Bearer' });
  try {
    const body = await scrapeMetrics(await readFigures());
    response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch (error) {
    console.error(`[worker] metrics scrape failed: ${error instanceof Error ? error.message : String(error)}`);
    plain(response, 500, 'scrape failed\n');
  }
}

function plain(response: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  response.end(text);
}
