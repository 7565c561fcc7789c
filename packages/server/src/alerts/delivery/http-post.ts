import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { checkDestination, pinnedLookup, type Destinations } from '../../net/destination.js';
import { DeliveryError } from './delivery-error.js';

/** How long a channel's server has to answer a send. */
export const SEND_TIMEOUT_MS = 10_000;

/** A robot's answer is a small JSON object; anything longer is cut (and then not JSON). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The address a channel may be reached at, held to `destinations` (public addresses in
 * production): an admin's channel must not make the server call its own network. A refusal is
 * final; a name that does not resolve now may resolve on the next try.
 */
export async function channelAddress(
  channel: string,
  host: string,
  destinations: Destinations,
): Promise<LookupAddress> {
  let check;
  try {
    check = await checkDestination(host, destinations);
  } catch (error) {
    throw new DeliveryError(`${channel}无法连接：${reasonOf(error)}`, true);
  }
  if (!check.allowed) throw new DeliveryError(`${channel}地址不可用：${check.reason}`, false);
  return check.address;
}

/**
 * POSTs JSON to the checked address of `url` and answers the parsed answer of a 2xx. The address
 * is never part of an error: a robot's address carries its token. 5xx, 429, timeouts and
 * unreachable servers may be tried again; any other answer (redirects too) is final.
 */
export async function postJson(
  channel: string,
  url: string,
  body: string,
  destinations: Destinations,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const target = new URL(url);
  const address = await channelAddress(channel, target.hostname, destinations);
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  let response: IncomingMessage;
  try {
    response = await post(target, address, body, headers, signal);
  } catch (error) {
    throw new DeliveryError(`${channel}无法连接：${reasonOf(error, signal)}`, true);
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    const retryable = status >= 500 || status === 429;
    // Only the status: an answer's body may be another server's data, not the admin's to read.
    throw new DeliveryError(`${channel}返回 HTTP ${status}`, retryable);
  }
  const answer = await readAnswer(response).catch(() => '');
  try {
    return answer ? JSON.parse(answer) : undefined;
  } catch {
    return answer;
  }
}

function post(
  url: URL,
  pinned: LookupAddress,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false, // no pooled socket: each connection is made to the address just checked
        lookup: pinnedLookup(pinned),
        signal,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function readAnswer(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > MAX_ANSWER_BYTES) break;
      chunks.push(buffer);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why a connection failed, in words: only the code, since a message may quote the address. */
export function reasonOf(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return `${SEND_TIMEOUT_MS / 1000} 秒内没有应答`;
  const code = (error as NodeJS.ErrnoException).code;
  return (code && NETWORK_REASONS[code]) ?? (code ? `网络错误 ${code}` : '网络错误');
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝（ECONNREFUSED）',
  ECONNRESET: '连接被重置（ECONNRESET）',
  ENOTFOUND: '域名无法解析（ENOTFOUND）',
  EAI_AGAIN: '域名暂时无法解析（EAI_AGAIN）',
  ETIMEDOUT: '连接超时（ETIMEDOUT）',
  EHOSTUNREACH: '主机不可达（EHOSTUNREACH）',
};
