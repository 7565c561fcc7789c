import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import {
  Refusal,
  forbidden,
  invalidInput,
  upstreamFailed,
  upstreamTimeout,
  messageOf,
} from '../refusals.js';
import { checkDestination, pinnedLookup, type Destinations } from '../net/destination.js';

export interface FetchImageOptions extends Destinations {
  /** Largest body accepted, counted as it streams (after any content decoding). */
  maxBytes: number;
  /** Deadline for the whole fetch: every DNS look-up, redirect and the body. */
  timeoutMs: number;
  maxRedirects: number;
}

export interface FetchedImage {
  contentType: string;
  body: Buffer;
}

/** Image types served. SVG is among them, answered under a CSP that forbids scripts. */
export const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/svg+xml',
]);

const TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

/** Generic binary types some image hosts use; accepted only when the bytes are a raster image. */
const SNIFFED_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const USER_AGENT = 'Mozilla/5.0 (compatible; YuqingImageProxy/1.0)';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Parses the `uri` parameter: http or https only, no credentials. The WHATWG parser already turns
 * odd host spellings (2130706433, 0177.0.0.1, 0x7f.1, ①②⑦.0.0.1) into a dotted quad.
 */
export function parseImageUri(uri: string): URL {
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    throw invalidInput('uri: 不是有效的网址');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidInput(`uri: 只允许 http 或 https 地址（收到 ${url.protocol}）`);
  }
  if (url.username || url.password) throw invalidInput('uri: 不允许包含用户名或密码');
  url.hash = '';
  return url;
}

/** Fetches an image from a URI that passed `parseImageUri`, or throws the Refusal to answer. */
export async function fetchImage(start: URL, options: FetchImageOptions): Promise<FetchedImage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const { signal } = controller;
  let url = start;
  try {
    for (let hop = 0; ; hop += 1) {
      const prefix = hop === 0 ? 'uri: ' : '重定向目标';
      const address = await checkedAddress(url, prefix, options, signal);
      const response = await get(url, address, signal);
      try {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          if (hop >= options.maxRedirects) {
            throw upstreamFailed(`重定向次数过多（超过 ${options.maxRedirects} 次）`);
          }
          url = redirectTarget(url, response.headers.location);
          continue;
        }
        if (status < 200 || status > 299) throw upstreamFailed(`图片源返回 HTTP ${status}`);
        return await readImage(response, options.maxBytes);
      } finally {
        response.destroy();
      }
    }
  } catch (error) {
    throw upstreamError(error, url, options, signal);
  } finally {
    clearTimeout(timer);
  }
}

async function checkedAddress(
  url: URL,
  prefix: string,
  destinations: Destinations,
  signal: AbortSignal,
): Promise<LookupAddress> {
  const check = await abortable(checkDestination(url.hostname, destinations), signal);
  if (!check.allowed) throw forbidden(`${prefix}${check.reason}`);
  return check.address;
}

function redirectTarget(from: URL, location: string | undefined): URL {
  if (!location) throw upstreamFailed('图片源要求重定向，但没有给出地址');
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw upstreamFailed(`图片源重定向到无效地址 ${location.slice(0, 200)}`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw forbidden(`重定向目标只允许 http 或 https 地址（收到 ${next.protocol}）`);
  }
  if (next.username || next.password) throw forbidden('重定向目标不允许包含用户名或密码');
  next.hash = '';
  return next;
}

/** One GET, connected to the checked address (see `pinnedLookup`). */
function get(url: URL, pinned: LookupAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false, // no pooled socket: each connection is made to the address just checked
        lookup: pinnedLookup(pinned),
        signal,
        headers: {
          accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': USER_AGENT,
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readImage(response: IncomingMessage, maxBytes: number): Promise<FetchedImage> {
  const declared = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const type = TYPE_ALIASES[declared] ?? declared;
  if (!IMAGE_TYPES.has(type) && !SNIFFED_TYPES.has(type)) {
    throw upstreamFailed(`不是图片（${declared || '没有 Content-Type'}）`);
  }
  const length = Number(response.headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes) {
    throw upstreamFailed(`图片过大（超过 ${megabytes(maxBytes)}）`);
  }
  const body = await readCapped(decoded(response), maxBytes);
  if (IMAGE_TYPES.has(type)) return { contentType: type, body };
  const sniffed = sniffRaster(body);
  if (!sniffed) throw upstreamFailed(`不是图片（${declared}）`);
  return { contentType: sniffed, body };
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) throw upstreamFailed(`图片源使用了不支持的压缩方式 ${encoding}`);
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) throw upstreamFailed(`图片过大（超过 ${megabytes(maxBytes)}）`);
      chunks.push(buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, total);
}

/** The raster type the first bytes show, for hosts that answer application/octet-stream. */
function sniffRaster(body: Buffer): string | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => body[at + i] === b);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(ascii('GIF87a')) || starts(ascii('GIF89a'))) return 'image/gif';
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Turns whatever went wrong into the answer: timeouts upstream-timeout, our own refusals as they are. */
function upstreamError(
  error: unknown,
  url: URL,
  options: FetchImageOptions,
  signal: AbortSignal,
): Refusal {
  if (signal.aborted) {
    return upstreamTimeout(`获取图片超时（超过 ${options.timeoutMs / 1000} 秒）`);
  }
  if (error instanceof Refusal) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const host = url.hostname;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
    return upstreamFailed(`无法解析域名 ${host}`);
  }
  if (code === 'ECONNREFUSED') return upstreamFailed(`图片源拒绝连接（${host}）`);
  if (code.includes('CERT') || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL')) {
    return upstreamFailed(`图片源的 HTTPS 证书无效（${host}）`);
  }
  if (code.startsWith('Z_')) return upstreamFailed('图片源返回的压缩数据有误');
  return upstreamFailed(`无法获取图片（${code || messageOf(error)}）`);
}
