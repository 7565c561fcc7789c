import type { z } from 'zod';

/**
 * Who may make a call. The server checks it before a call's body is read; a handler is given what
 * the check resolved (the viewer, or the project and the caller's role in it).
 */
export const CALL_ACCESS = [
  'public',
  'signed-in',
  'project-member',
  'project-admin',
  /** The import command on this machine (its token), or a project admin. */
  'local-cli-or-project-admin',
  'super-admin',
] as const;
export type CallAccess = (typeof CALL_ACCESS)[number];

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, written once: the server registers its route from it and the web makes the
 * call from it. `path` is under API_BASE, with `:name` segments filled from `params`; `query` holds
 * the project scope where the call names one. A call without `answer` answers a file.
 */
export interface CallContract {
  method: CallMethod;
  path: string;
  access: CallAccess;
  /** What the call does, for the API documentation; `description` says more. */
  summary: string;
  description?: string;
  /** The API documentation's groups. */
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer envelope's `data`. */
  answer?: z.ZodType;
  /** The `data` some refusals carry, by status (a 409 with the current revision). */
  refusalData?: Readonly<Record<number, z.ZodType>>;
}

/** A call's contract, its literal types kept (the access level types what a handler is given). */
export function defineCall<const C extends CallContract>(call: C): C {
  return call;
}

type Part = 'params' | 'query' | 'body';

/** A part of the call as the server reads it after validation. */
export type CallPart<C extends CallContract, P extends Part> = C[P] extends z.ZodType
  ? z.output<C[P]>
  : undefined;

/** A part of the call as its caller writes it. */
export type CallPartInput<C extends CallContract, P extends Part> = C[P] extends z.ZodType
  ? z.input<C[P]>
  : undefined;

/** The answer's `data` as the caller reads it. */
export type CallAnswer<C extends CallContract> = C['answer'] extends z.ZodType
  ? z.output<C['answer']>
  : undefined;

/** The answer's `data` as the server writes it. */
export type CallAnswerInput<C extends CallContract> = C['answer'] extends z.ZodType
  ? z.input<C['answer']>
  : undefined;

/** The path with its `:name` segments filled in, each encoded. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
