import {
  callPath,
  type CallAnswer,
  type CallContract,
  type CallPartInput,
  type ProjectScope,
} from '@yuqing/core';
import {
  apiDownload,
  apiUrl,
  noData,
  request,
  type DownloadAnswer,
  type Parser,
  type RequestOptions,
} from './client';

/** A part the caller must give when it has a required field, and may leave out otherwise. */
type Given<Name extends string, T> = [T] extends [undefined]
  ? object
  : object extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** What a caller writes of a call; the project scope of its query is the page's own. */
export type CallInput<C extends CallContract> = Given<'params', CallPartInput<C, 'params'>> &
  Given<'query', Omit<CallPartInput<C, 'query'>, keyof ProjectScope>> &
  Given<'body', CallPartInput<C, 'body'>>;

export type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'body'>;

/** The input, left out when the call needs none. */
type InputArgs<C extends CallContract> =
  object extends CallInput<C>
    ? [input?: CallInput<C>, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions];

interface LooseInput {
  params?: Record<string, string | number>;
  query?: RequestOptions['params'];
  body?: unknown;
}

function requestOf<C extends CallContract>(contract: C, input: CallInput<C> | undefined) {
  // The contract's schemas type the input; the client takes plain values.
  const loose = (input ?? {}) as LooseInput;
  return {
    path: callPath(contract.path, loose.params),
    parser: (contract.answer ?? noData) as Parser<CallAnswer<C>>,
    options: { method: contract.method, params: loose.query, body: loose.body },
  };
}

/** Makes a call of the API from its contract; answers the envelope's `data`, parsed. */
export function call<C extends CallContract>(
  contract: C,
  ...[input, options]: InputArgs<C>
): Promise<CallAnswer<C>> {
  const made = requestOf(contract, input);
  return request(made.path, made.parser, { ...options, ...made.options });
}

/** Makes a call that may answer a file (an export) instead of the envelope. */
export function callDownload<C extends CallContract>(
  contract: C,
  ...[input, options]: InputArgs<C>
): Promise<DownloadAnswer<CallAnswer<C>>> {
  const made = requestOf(contract, input);
  return apiDownload(made.path, made.parser, { ...options, ...made.options });
}

/** The address of a GET call, for a link the browser follows itself (a file download). */
export function callUrl<C extends CallContract>(contract: C, input?: CallInput<C>): string {
  const made = requestOf(contract, input);
  return apiUrl(made.path, made.options.params);
}
