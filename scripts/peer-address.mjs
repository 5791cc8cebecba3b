// Loaded before Next.js in every server process of `npm start` (scripts/serve.mjs): each HTTP
// request gets the TCP peer's address in x-starloop-peer-address, any copy the client sent deleted
// first. Route handlers and server actions never see the socket, and Next.js only fills
// X-Forwarded-For when the request has none (so without a proxy in front the client writes it).
// lib/http/client-address.ts reads the header when TRUSTED_PROXY_HOPS is 0. The hook is Node's
// documented diagnostics channel, published before the server's 'request' listeners run.
import dc from 'node:diagnostics_channel';

const PEER_ADDRESS_HEADER = 'x-starloop-peer-address';
// A process-wide flag, not an environment variable: cluster workers inherit the environment but
// must install their own hook, and a flag no configuration can set cannot make the header trusted.
const INSTALLED = Symbol.for('starloop.peerAddressHook');

if (!globalThis[INSTALLED]) {
  dc.subscribe('http.server.request.start', ({ request, socket }) => {
    delete request.headers[PEER_ADDRESS_HEADER];
    const address = socket?.remoteAddress;
    if (address) request.headers[PEER_ADDRESS_HEADER] = address;
  });
  globalThis[INSTALLED] = true;
}
