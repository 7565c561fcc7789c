import {
  API_BASE,
  INDEX_NOT_FOUND,
  TIMEOUT_MS,
  parseProjectPath,
  type Envelope,
} from '@yuqing/core';
import { useLocaleStore } from '../i18n/localeStore';
import { translateText } from '../i18n/translateText';
import { notify, type MessageType } from './notify';

export type TimeoutKind = keyof typeof TIMEOUT_MS;
type ParamValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, ParamValue>;
  body?: unknown;
  /** Which of the spec's timeouts applies: api 30 s, download 180 s, gpt 90 s. */
  timeout?: TimeoutKind;
  /** How a `msg` in a successful answer is shown. */
  messageType?: MessageType;
  /** The caller reports failures itself, e.g. the login form shows 登录失败!. */
  quiet?: boolean;
  /** Cancels the call (a superseded request): it then fails quietly. */
  signal?: AbortSignal;
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

/** Every call names the project of the page URL, so the server knows which project it is for. */
function buildUrl(path: string, params: RequestOptions['params']): string {
  const search = new URLSearchParams();
  const location = parseProjectPath(window.location.pathname);
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
  const { method = 'GET', body, timeout = 'api', messageType = 'error' } = options;
  const timeoutMs = TIMEOUT_MS[timeout];
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new ApiError(`timeout of ${timeoutMs}ms exceeded`)),
    timeoutMs,
  );
  const cancel = () => controller.abort(new ApiError('已取消'));
  options.signal?.addEventListener('abort', cancel, { once: true });

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    payload = await readJson(response);
  } catch (error) {
    if (options.signal?.aborted) throw new ApiError('已取消', undefined, error);
    const text = error instanceof Error && error.message ? error.message : serverErrorText();
    throw fail(text, undefined, options, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  const envelope = isEnvelope(payload) ? payload : undefined;
  if (!response.ok) {
    const { status } = response;
    const busyWait = status === 429 && retryWhenBusy ? busyRetryMs(response) : undefined;
    if (busyWait !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, busyWait));
      return send(path, parser, options, false);
    }
    if (status === 410 && !onLoginPage()) {
      // The server has already cleared the expired session cookie; reloading starts as a guest.
      window.location.reload();
      throw new ApiError(envelope?.msg ?? '', status);
    }
    if (status === 403 && !onLoginPage()) window.location.hash = '#/403';
    throw fail(envelope?.msg || `Request failed with status code ${status}`, status, options);
  }
  if (!envelope) throw fail(serverErrorText(), response.status, options);
  if (!envelope.success) throw fail(envelope.msg || serverErrorText(), response.status, options);
  if (envelope.msg && !options.quiet) show(envelope.msg, messageType);

  try {
    return parser.parse(envelope.data);
  } catch (error) {
    throw fail(serverErrorText(), response.status, options, error);
  }
}
