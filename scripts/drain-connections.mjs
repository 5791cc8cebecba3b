// Keep-alive connections of a stopping server process (scripts/serve.mjs, issue 20). On SIGTERM,
// Next's server stops listening and closes the connections idle at that instant, but a connection
// busy then stays open after its response, and a reverse proxy with upstream keep-alive (nginx
// `keepalive`, which checks no readiness) goes on sending requests down it: under steady load the
// process never drains and is cut at WEB_STOP_SECONDS with requests in flight. Once draining,
// every response says `Connection: close` (the proxy opens its next connection elsewhere), and
// connections that fall idle are closed at once. A request that meets a connection closed this
// way gets no response byte, which proxies retry on another backend (nginx `proxy_next_upstream
// error`, its default). The hook is Node's diagnostics channel, as in scripts/peer-address.mjs.
import dc from 'node:diagnostics_channel';

const STATE = Symbol.for('starloop.drainConnections');
const CLOSE_IDLE_EVERY_MS = 50;

/** @type {{ draining: boolean, servers: Set<import('node:http').Server>, open: Set<import('node:http').ServerResponse> }} */
const state = globalThis[STATE] ?? { draining: false, servers: new Set(), open: new Set() };
if (!globalThis[STATE]) {
  globalThis[STATE] = state;
  dc.subscribe('http.server.request.start', ({ response, server }) => {
    state.servers.add(server);
    if (state.draining) {
      response.setHeader('connection', 'close');
      return;
    }
    state.open.add(response);
    response.once('close', () => state.open.delete(response));
  });
}

/** From now on, no connection of this process is kept alive. */
export function drainConnections() {
  if (state.draining) return;
  state.draining = true;
  for (const response of state.open) if (!response.headersSent) response.setHeader('connection', 'close');
  state.open.clear();
  const closeIdle = () => {
    for (const server of state.servers) server.closeIdleConnections?.();
  };
  closeIdle();
  setInterval(closeIdle, CLOSE_IDLE_EVERY_MS).unref();
}
