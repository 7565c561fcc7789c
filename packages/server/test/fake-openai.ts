import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake does with one chat completion request. */
export type FakeReply =
  | { content: string }
  | { status: number; message: string }
  /** Never answers, until the caller closes the connection. */
  | 'hang';

export interface ReceivedRequest {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; temperature?: number };
}

/**
 * An OpenAI-compatible chat API on 127.0.0.1 for tests: `reply` decides each answer, `requests`
 * holds what arrived, and `closed` counts the requests whose caller hung up before an answer.
 */
export async function startFakeOpenAi(reply: (request: ReceivedRequest) => FakeReply) {
  const requests: ReceivedRequest[] = [];
  let closed = 0;
  const closedWaiters: (() => void)[] = [];
  const arrivalWaiters: (() => void)[] = [];

  const answer = (response: ServerResponse, status: number, body: object) => {
    // retry-after-ms keeps the client's one retry quick.
    response.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '1' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedRequest['body'],
      };
      requests.push(received);
      arrivalWaiters.splice(0).forEach((arrived) => arrived());
      const next = request.url === '/v1/chat/completions' ? reply(received) : 'hang';
      if (next === 'hang') {
        response.once('close', () => {
          closed++;
          closedWaiters.splice(0).forEach((hungUp) => hungUp());
        });
      } else if ('content' in next) {
        answer(response, 200, {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 0,
          model: received.body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: next.content },
              finish_reason: 'stop',
            },
          ],
        });
      } else {
        answer(response, next.status, { error: { message: next.message, type: 'fake_error' } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get closed() {
      return closed;
    },
    /** Resolves when a request arrives (at once if `count` have). */
    arrived(count = 1) {
      return until(() => requests.length >= count, arrivalWaiters);
    },
    /** Resolves when callers have hung up on `count` requests left hanging. */
    hungUp(count = 1) {
      return until(() => closed >= count, closedWaiters);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function until(done: () => boolean, waiters: (() => void)[]): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : waiters.push(check));
    check();
  });
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
