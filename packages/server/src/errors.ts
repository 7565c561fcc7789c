import { Refusal, type RefusalKind } from './refusals.js';

export { userMessageOf } from './refusals.js';

/** The HTTP status of each kind of refusal: the one place that maps the domain's to HTTP. */
const STATUS_OF: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-many': 429,
  'upstream-failed': 502,
  'upstream-timeout': 504,
  unavailable: 503,
  // nginx's "client closed request": the caller has gone, so no one reads it.
  cancelled: 499,
};
const KIND_OF = new Map(Object.entries(STATUS_OF).map(([kind, status]) => [status, kind]));

/** A refusal a route makes with its HTTP status; one handler turns it into `{ success: false, msg }`. */
export class HttpError extends Refusal {
  constructor(
    readonly statusCode: number,
    message: string,
    data?: unknown,
  ) {
    super((KIND_OF.get(statusCode) ?? 'invalid') as RefusalKind, message, data);
    this.name = 'HttpError';
  }
}

/** The status a refusal is answered with. */
export const statusOf = (refusal: Refusal): number =>
  refusal instanceof HttpError ? refusal.statusCode : STATUS_OF[refusal.kind];

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthenticated = (message = '请先登录') => new HttpError(401, message);
export const forbidden = (message = '没有权限') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, data?: unknown) => new HttpError(409, message, data);
export const sessionGone = (message = '登录已失效，请重新登录') => new HttpError(410, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const badGateway = (message: string) => new HttpError(502, message);
export const gatewayTimeout = (message: string) => new HttpError(504, message);

const MB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * Fastify's and its plugins' own refusals of a request, by their codes, in the words a user
 * reads; their messages are English ("Body is not valid JSON but content-type is set to
 * 'application/json'").
 */
const FRAMEWORK_MESSAGES: Record<string, (bodyLimit?: number) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => '请求内容为空，请提交 JSON 内容',
  FST_ERR_CTP_BODY_TOO_LARGE: (limit) =>
    limit ? `请求内容过大，不能超过 ${sizeText(limit)}` : '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => '不支持该内容类型 (Content-Type)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => '请求内容的长度与 Content-Length 不符',
  FST_ERR_BAD_URL: () => '请求地址格式错误',
  FST_ERR_MAX_PARAM_LENGTH: () => '请求地址过长',
};

/**
 * What a user is told of a request Fastify refused before any handler (a body that is not JSON,
 * too large, of an unsupported type), in Chinese; undefined for any other error. `bodyLimit` is
 * the route's, in bytes.
 */
export function frameworkMessageOf(error: { code?: string }, bodyLimit?: number) {
  return error.code === undefined ? undefined : FRAMEWORK_MESSAGES[error.code]?.(bodyLimit);
}
