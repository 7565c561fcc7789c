import {
  API_BASE,
  EXPORT_MESSAGES,
  INDEX_NOT_FOUND,
  TIMEOUT_MS,
  parseProjectPath,
  type Envelope,
} from '@yuqing/core';
import { useLocaleStore } from '../i18n/localeStore';
import { translateText } from '../i18n/translateText';
import { currentT } from '../i18n/useT';
import { notify, type MessageType } from './notify';

export type TimeoutKind = keyof typeof TIMEOUT_MS;
type ParamValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, ParamValue>;
  body?: unknown;
  /** A file's text sent as the body as it is, with its type (instead of `body` as JSON). */
  file?: { type: string; text: string };
  /** Which of the spec's timeouts applies: api 30 s, download 180 s, gpt 90 s. */
  timeout?: TimeoutKind;
  /** How a `msg` in a successful answer is shown. */
  messageType?: MessageType;
  /** The caller reports failures itself, e.g. the login form shows 登录失败!. */
  quiet?: boolean;
  /** Cancels the call (a superseded request): it then fails quietly. */
  signal?: AbortSignal;
  /**
   * A call of a page outside the app (a report's share link): it names no project, and a 403 or
   * 410 is only this call's failure, not the end of a session.
   */
  standalone?: boolean;
}

/** Anything with a zod-like `parse`; the answer's `data` goes through it. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export const noData: Parser<undefined> = { parse: () => undefined };

export class ApiError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status?: number, cause?: unknown) {
    super(message, { cause });
    this.name = 'ApiError';
    this.status = status;
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function serverErrorText(): string {
  return translateText(useLocaleStore.getState().locale, 'error.server');
}

/**
 * Every call names the project of the page URL, so the server knows which project it is for;
 * a standalone call names none.
 */
function buildUrl(path: string, params: RequestOptions['params'], standalone = false): string {
  const search = new URLSearchParams();
  const location = standalone ? undefined : parseProjectPath(window.location.pathname);
  if (location) {
    search.set('repository', location.repository);
    search.set('customer', location.customer);
    search.set('project', location.project);
    if (location.subject_id) search.set('subject_id', location.subject_id);
  }
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  return `${API_BASE}${path}?${search.toString()}`;
}

function onLoginPage(): boolean {
  return window.location.hash.startsWith('#/login');
}

function show(text: string, type: MessageType): void {
  if (text.includes(INDEX_NOT_FOUND)) {
    notify(translateText(useLocaleStore.getState().locale, 'empty.noData'), 'info');
  } else {
    notify(text, type);
  }
}

function fail(
  text: string,
  status: number | undefined,
  options: RequestOptions,
  cause?: unknown,
): ApiError {
  if (!options.quiet) show(text, 'error');
  return new ApiError(text, status, cause);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A 429 asking to come back within this long is tried once more; a longer wait fails at once. */
const BUSY_RETRY_MAX_MS = 10_000;

/** How long a 429's `Retry-After` (seconds) asks to wait, if it is a wait worth making. */
function busyRetryMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  const ms = Number.isFinite(seconds) ? Math.max(0, seconds) * 1000 : undefined;
  return ms !== undefined && ms <= BUSY_RETRY_MAX_MS ? ms : undefined;
}

/**
 * Calls `/api/v1{path}` and returns the answer's `data` parsed by `parser`. A 429 (the server's
 * per-user limits) is retried once after the wait it names.
 */
export function request<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions = {},
): Promise<T> {
  return send(path, parser, options, true);
}

async function send<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions,
  retryWhenBusy: boolean,
): Promise<T> {
  const { response, body: payload } = await exchange(path, options, readJson);
  const envelope = isEnvelope(payload) ? payload : undefined;
  if (!response.ok) {
    const retry = retryWhenBusy ? () => send(path, parser, options, false) : undefined;
    return refused(response, envelope, options, retry);
  }
  if (!envelope) throw fail(serverErrorText(), response.status, options);
  const failures = { refused: serverErrorText(), malformed: serverErrorText() };
  return openEnvelope(envelope, parser, options, response.status, failures);
}

/** A file an export route answered, with the name its Content-Disposition gives. */
export interface DownloadedFile {
  file: Blob;
  filename: string;
}

export type DownloadAnswer<T> = DownloadedFile | { data: T };

/**
 * POSTs to an export route, which answers either a file (Content-Disposition: attachment) or
 * the JSON envelope, whose `data` goes through `parser`. Failures carry the spec's export texts:
 * 下载失败 unless the server names the reason, and the two texts of an answer that is not the
 * JSON expected. The download timeout applies unless the options name another.
 */
export function apiDownload<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions = {},
): Promise<DownloadAnswer<T>> {
  return download(path, parser, { method: 'POST', timeout: 'download', ...options }, true);
}

async function download<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions,
  retryWhenBusy: boolean,
): Promise<DownloadAnswer<T>> {
  const { response, body } = await exchange(path, options, readDownload);
  const envelope = body.kind === 'json' && isEnvelope(body.payload) ? body.payload : undefined;
  if (!response.ok) {
    const retry = retryWhenBusy ? () => download(path, parser, options, false) : undefined;
    return refused(response, envelope, options, retry, EXPORT_MESSAGES.failed);
  }
  if (body.kind === 'file') return { file: body.file, filename: body.filename };
  if (body.kind === 'other') throw fail(EXPORT_MESSAGES.noJson, response.status, options);
  if (!envelope) throw fail(EXPORT_MESSAGES.badJson, response.status, options);
  const failures = { refused: EXPORT_MESSAGES.failed, malformed: EXPORT_MESSAGES.badJson };
  return { data: openEnvelope(envelope, parser, options, response.status, failures) };
}

type DownloadBody =
  { kind: 'json'; payload: unknown } | ({ kind: 'file' } & DownloadedFile) | { kind: 'other' };

async function readDownload(response: Response): Promise<DownloadBody> {
  if (response.headers.get('content-type')?.includes('application/json')) {
    return { kind: 'json', payload: await readJson(response) };
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  if (response.ok && /^\s*attachment/i.test(disposition)) {
    return { kind: 'file', file: await response.blob(), filename: filenameOf(disposition) };
  }
  return { kind: 'other' };
}

/** The file name of a Content-Disposition: the UTF-8 `filename*` first, then `filename`. */
function filenameOf(disposition: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: the plain name, if any, is the better guess.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || 'download';
}

/** The address of a project-scoped GET, for links the browser follows itself (file downloads). */
export function apiUrl(path: string, params?: RequestOptions['params']): string {
  return buildUrl(path, params);
}

/** One fetch under the call's timeout and cancel signal; `read` takes the body within both. */
async function exchange<B>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<B>,
): Promise<{ response: Response; body: B }> {
  const { method = 'GET', body, file, timeout = 'api' } = options;
  const timeoutMs = TIMEOUT_MS[timeout];
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new ApiError(`timeout of ${timeoutMs}ms exceeded`)),
    timeoutMs,
  );
  const t = currentT();
  const cancel = () => controller.abort(new ApiError(t('已取消')));
  options.signal?.addEventListener('abort', cancel, { once: true });

  try {
    const response = await fetch(buildUrl(path, options.params, options.standalone), {
      method,
      headers: file
        ? { 'Content-Type': file.type }
        : body === undefined
          ? undefined
          : { 'Content-Type': 'application/json' },
      body: file ? file.text : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    return { response, body: await read(response) };
  } catch (error) {
    if (options.signal?.aborted) throw new ApiError(t('已取消'), undefined, error);
    const text = error instanceof Error && error.message ? error.message : serverErrorText();
    throw fail(text, undefined, options, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * An answer that is not 2xx: a 429 with a short wait is tried once more through `retry`; a 410
 * reloads, a 403 goes to #/403 (unless the call is standalone); otherwise it fails with the
 * server's `msg` or `fallback`.
 */
async function refused<T>(
  response: Response,
  envelope: Envelope<unknown> | undefined,
  options: RequestOptions,
  retry: (() => Promise<T>) | undefined,
  fallback = `Request failed with status code ${response.status}`,
): Promise<T> {
  const { status } = response;
  const busyWait = status === 429 && retry ? busyRetryMs(response) : undefined;
  if (retry && busyWait !== undefined) {
    await new Promise((resolve) => setTimeout(resolve, busyWait));
    return retry();
  }
  const endsSession = !options.standalone && !onLoginPage();
  if (status === 410 && endsSession) {
    // The server has already cleared the expired session cookie; reloading starts as a guest.
    window.location.reload();
    throw new ApiError(envelope?.msg ?? '', status);
  }
  if (status === 403 && endsSession) window.location.hash = '#/403';
  throw fail(envelope?.msg || fallback, status, options);
}

/**
 * The `data` of a 2xx envelope parsed by `parser`; `failures` name a refusal without `msg` and
 * data that is not what was asked.
 */
function openEnvelope<T>(
  envelope: Envelope<unknown>,
  parser: Parser<T>,
  options: RequestOptions,
  status: number,
  failures: { refused: string; malformed: string },
): T {
  if (!envelope.success) throw fail(envelope.msg || failures.refused, status, options);
  if (envelope.msg && !options.quiet) show(envelope.msg, options.messageType ?? 'error');
  try {
    return parser.parse(envelope.data);
  } catch (error) {
    throw fail(failures.malformed, status, options, error);
  }
}
