import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowingAddresses } from '../src/net/address.js';
import { PUBLIC_DESTINATIONS, type Destinations } from '../src/net/destination.js';

/** A request one of the fake receivers got. */
export interface ReceivedCall {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body?: object;
}

/** The signing secrets the fakes check (they are the test's; the product never sees these). */
export interface ReceiverSecrets {
  dingtalk?: string;
  feishu?: string;
  webhook?: string;
}

/**
 * Where the fake receivers and the SMTP inbox listen: a loopback address of its own, which
 * `RECEIVER_DESTINATIONS` allows and nothing else does, so that a send to 127.0.0.1 is still
 * refused as production would refuse it.
 */
export const RECEIVER_ADDRESS = '127.0.0.2';

/** Public addresses and the receivers' own: the destinations tests give alert delivery. */
export const RECEIVER_DESTINATIONS: Destinations = {
  ...PUBLIC_DESTINATIONS,
  policy: allowingAddresses([RECEIVER_ADDRESS]),
};

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * For tests only: WeCom, DingTalk and Feishu group robots and a generic webhook receiver on
 * `RECEIVER_ADDRESS`, under `/wecom`, `/dingtalk`, `/feishu` and `/hook`. Each checks a signature the way
 * the real service documents it (when given a secret) and answers in that service's shape; a test
 * may queue other answers first (a 500, a 400).
 */
export class FakeAlertReceivers {
  readonly calls: ReceivedCall[] = [];
  private readonly queued: FakeAnswer[] = [];

  private readonly server: Server;

  private constructor(private readonly secrets: ReceiverSecrets) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const answer = this.answer({
          path: url.pathname,
          query: url.searchParams,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(answer.body ?? {}));
      });
    });
  }

  static async start(secrets: ReceiverSecrets = {}): Promise<FakeAlertReceivers> {
    const receivers = new FakeAlertReceivers(secrets);
    await new Promise<void>((resolve) => receivers.server.listen(0, RECEIVER_ADDRESS, resolve));
    return receivers;
  }

  url(path: string): string {
    return `http://${RECEIVER_ADDRESS}:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Answers given, in order, before the services' own. */
  queue(...answers: FakeAnswer[]): void {
    this.queued.push(...answers);
  }

  /** The JSON bodies received under a path prefix. */
  bodies(prefix: string): Record<string, unknown>[] {
    return this.calls
      .filter((call) => call.path.startsWith(prefix))
      .map((call) => JSON.parse(call.body) as Record<string, unknown>);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(call: ReceivedCall): FakeAnswer {
    this.calls.push(call);
    const queued = this.queued.shift();
    if (queued) return queued;
    if (call.path.startsWith('/dingtalk')) return this.dingtalk(call);
    if (call.path.startsWith('/feishu')) return this.feishu(call);
    if (call.path.startsWith('/hook')) return this.webhook(call);
    return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  }

  private dingtalk(call: ReceivedCall): FakeAnswer {
    const secret = this.secrets.dingtalk;
    if (secret) {
      const timestamp = call.query.get('timestamp') ?? '';
      const expected = createHmac('sha256', secret)
        .update(`${timestamp}\n${secret}`)
        .digest('base64');
      if (!sameText(call.query.get('sign') ?? '', expected)) {
        return { status: 200, body: { errcode: 310000, errmsg: 'sign not match' } };
      }
    }
    return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  }

  private feishu(call: ReceivedCall): FakeAnswer {
    const secret = this.secrets.feishu;
    if (secret) {
      const { timestamp, sign } = JSON.parse(call.body) as { timestamp?: string; sign?: string };
      const expected = createHmac('sha256', `${timestamp}\n${secret}`).digest('base64');
      if (!sameText(sign ?? '', expected)) {
        return { status: 200, body: { code: 19021, msg: 'sign match fail', data: {} } };
      }
    }
    return { status: 200, body: { code: 0, msg: 'success', data: {} } };
  }

  private webhook(call: ReceivedCall): FakeAnswer {
    const secret = this.secrets.webhook ?? '';
    const timestamp = String(call.headers['x-yuqing-timestamp'] ?? '');
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${call.body}`).digest('hex')}`;
    const given = String(call.headers['x-yuqing-signature'] ?? '');
    return sameText(given, expected)
      ? { status: 204 }
      : { status: 401, body: { error: 'bad signature' } };
  }
}
