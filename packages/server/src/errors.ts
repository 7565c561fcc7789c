import { EngineUnavailableError } from './engine/types.js';

/** Errors a handler throws on purpose; one handler turns them into `{ success: false, msg }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as the answer's `data`, for callers that can act on it (a 409's current revision). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthenticated = (message = '请先登录') => new HttpError(401, message);
export const forbidden = (message = '没有权限') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, data?: unknown) => new HttpError(409, message, data);
export const sessionGone = (message = '登录已失效，请重新登录') => new HttpError(410, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const badGateway = (message: string) => new HttpError(502, message);
export const gatewayTimeout = (message: string) => new HttpError(504, message);

/**
 * What a user is told of an error meant for them: a refusal, or the posts engine out of reach.
 * Undefined for a fault, which is logged and told in general terms.
 */
export function userMessageOf(error: unknown): string | undefined {
  if (error instanceof HttpError || error instanceof EngineUnavailableError) return error.message;
  return undefined;
}
