import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * POSTs a stream over HTTP at the pace the server reads it (a pipeline into the request), and
 * answers the response's status and body. fetch with a Node stream as the body read a 15 GB
 * file ahead of the socket into memory when the server ran in the same process (the benchmark).
 */
export function postStream(
  url: URL,
  headers: Record<string, string>,
  body: Readable,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const sent = request(url, { method: 'POST', headers }, (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }),
      );
    });
    // A server may answer before reading the whole body (a refused import) and close: the
    // answer counts, not the broken upload.
    const failed = (error: Error) => {
      if (!answered) reject(error);
    };
    sent.on('error', failed);
    pipeline(body, sent).catch(failed);
  });
}
