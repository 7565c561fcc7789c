import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { postStream } from './post-stream.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
});

async function listen(handle: Parameters<typeof createServer>[1]): Promise<URL> {
  server = createServer(handle);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return new URL(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/import`);
}

describe('postStream', () => {
  it('sends the body no faster than the server reads it', async () => {
    let received = 0;
    const url = await listen(async (request, response) => {
      for await (const part of request) {
        received += (part as Buffer).length;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      response.end(JSON.stringify({ received }));
    });
    // A file, as the import command sends one: 64 MB.
    const file = join(await mkdtemp(join(tmpdir(), 'yuqing-post-')), 'posts.ndjson');
    await writeFile(file, Buffer.alloc(64 * 1024 * 1024, 'a'));
    let produced = 0;
    let ahead = 0;
    const body = createReadStream(file).on('data', (part) => {
      produced += part.length;
      ahead = Math.max(ahead, produced - received);
    });
    const answer = await postStream(url, { 'content-type': 'text/plain' }, body);
    expect(JSON.parse(answer.text)).toEqual({ received: 64 * 1024 * 1024 });
    await rm(file);
    // Never more than socket and stream buffers ahead of the server: not the whole 64 MB.
    expect(ahead).toBeLessThan(16 * 1024 * 1024);
  });

  it('answers what a server says before it has read the whole body', async () => {
    const url = await listen((_request, response) => {
      response.statusCode = 400;
      response.end('{"success":false}', () => response.socket?.destroy());
    });
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 200; i++) yield Buffer.alloc(64 * 1024);
      })(),
    );
    expect(await postStream(url, {}, body)).toEqual({ status: 400, text: '{"success":false}' });
  });
});
