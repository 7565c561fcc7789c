import { EngineUnavailableError } from './engine/types.js';

/** What kind of refusal: routes answer each with its HTTP status (errors.ts), nothing else knows. */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-many'
  | 'upstream-failed'
  | 'upstream-timeout'
  | 'unavailable'
  | 'cancelled';

/**
 * A request the product refuses on purpose, in the words its user reads: an input it cannot take,
 * something not there or not theirs, another server failing it. Domain rooms (tagging, exports,
 * alerts, the proxy…) throw these and know nothing of HTTP.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** For callers that can act on it (a conflict's current revision). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const invalidInput = (message: string) => new Refusal('invalid', message);
export const forbidden = (message = '没有权限') => new Refusal('forbidden', message);
export const notFound = (message: string) => new Refusal('not-found', message);
export const conflict = (message: string, data?: unknown) => new Refusal('conflict', message, data);
export const upstreamFailed = (message: string) => new Refusal('upstream-failed', message);
export const upstreamTimeout = (message: string) => new Refusal('upstream-timeout', message);

/**
 * What a user is told of an error meant for them: a refusal, or the posts engine out of reach.
 * Undefined for a fault, which is logged and told in general terms.
 */
export function userMessageOf(error: unknown): string | undefined {
  if (error instanceof Refusal || error instanceof EngineUnavailableError) return error.message;
  return undefined;
}

/** An error's own message, or what was thrown, written out. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
