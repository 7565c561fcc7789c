import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/**
 * For tests only: a local HTTP server standing in for remote image hosts, on its own loopback
 * address (127.0.0.2 by default) so that tests can allow it and still see 127.0.0.1 refused.
 * It counts the requests it gets per path and remembers their Host headers.
 */
export interface Upstream {
  host: string;
  port: number;
  /** `http://host:port` + path. */
  url(path: string): string;
  hits(path: string): number;
  hosts: string[];
  close(): Promise<void>;
}

const SIX_MB = 6 * 1024 * 1024;

function route(request: IncomingMessage, response: ServerResponse, base: string) {
  const url = new URL(request.url ?? '/', base);
  const send = (status: number, type: string, body: Buffer | string) => {
    response.writeHead(status, { 'content-type': type }).end(body);
  };
  const path = url.pathname;
  if (path === '/png' || path.startsWith('/png/')) return send(200, 'image/png', PNG);
  if (path === '/jpg-alias') return send(200, 'image/jpg', PNG);
  if (path === '/svg') return send(200, 'image/svg+xml', SVG);
  if (path === '/html') return send(200, 'text/html; charset=utf-8', '<h1>not an image</h1>');
  if (path === '/no-type') return response.writeHead(200).end(PNG);
  if (path === '/octet-png') return send(200, 'application/octet-stream', PNG);
  if (path === '/octet-html') return send(200, 'application/octet-stream', '<html></html>');
  if (path === '/gzip') {
    response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' });
    return response.end(gzipSync(PNG));
  }
  if (path === '/missing') return send(404, 'text/html', 'not found');
  if (path === '/huge') return send(200, 'image/png', Buffer.alloc(SIX_MB));
  if (path === '/huge-chunked') {
    // No Content-Length: the cap must count bytes as they stream.
    response.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < SIX_MB * 4) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    response.on('close', () => (sent = Infinity));
    return pump();
  }
  if (path === '/hang') return; // never answers
  if (path === '/slow') {
    response.writeHead(200, { 'content-type': 'image/png' });
    return response.write(PNG.subarray(0, 4)); // the rest never comes
  }
  if (path.startsWith('/hops/')) {
    // /hops/n redirects n times, then serves the PNG.
    const left = Number(path.slice('/hops/'.length));
    const next = left > 1 ? `/hops/${left - 1}` : '/png/after-hops';
    return response.writeHead(302, { location: next }).end();
  }
  if (path === '/to') {
    const location = url.searchParams.get('location');
    return response.writeHead(302, location ? { location } : {}).end();
  }
  return send(404, 'text/plain', 'no such fixture');
}

export async function startUpstream(host = '127.0.0.2'): Promise<Upstream> {
  const counts = new Map<string, number>();
  const hosts: string[] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    hosts.push(request.headers.host ?? '');
    route(request, response, base);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;
  return {
    host,
    port,
    url: (path) => `${base}${path}`,
    hits: (path) => counts.get(path) ?? 0,
    hosts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
