import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import {
  envelope,
  type CallAccess,
  type CallAnswerInput,
  type CallContract,
  type CallPart,
  type Envelope,
} from '@yuqing/core';
import type { ProjectAccess, Viewer } from '../auth/access.js';
import { grantOf } from '../auth/route-access.js';
import type { Api } from './context.js';

/** What a handler is given for its call's access level, as the access hook resolved it. */
type Granted<A extends CallAccess> = A extends 'project-member' | 'project-admin'
  ? { member: ProjectAccess }
  : A extends 'local-cli-or-project-admin'
    ? { /** Undefined for the import command on this machine. */ member: ProjectAccess | undefined }
    : A extends 'signed-in' | 'super-admin'
      ? { viewer: Viewer }
      : object;

/** A request of a call, validated by its contract, with what its access check resolved. */
export type RouteInput<C extends CallContract> = {
  request: FastifyRequest;
  reply: FastifyReply;
  params: CallPart<C, 'params'>;
  query: CallPart<C, 'query'>;
  body: CallPart<C, 'body'>;
} & Granted<C['access']>;

/** What a handler answers: the envelope, or the reply it sent itself (a file, a stream). */
export type RouteAnswer<C extends CallContract> = Envelope<CallAnswerInput<C>> | FastifyReply;

export interface RouteOptions {
  /** Larger than the server's default for a call that takes files or rule sets. */
  bodyLimit?: number;
  /** What the API documentation says beside the contract (a media type, hiding). */
  schema?: Pick<FastifySchema, 'consumes' | 'hide'>;
}

/** The documented answers: the envelope of `answer`, and of each refusal that carries data. */
function responses(answer: z.ZodType, refusalData: CallContract['refusalData'] = {}) {
  const refusals = Object.entries(refusalData).map(([status, data]) => [status, envelope(data)]);
  return { 200: envelope(answer), ...Object.fromEntries(refusals) };
}

/**
 * Registers a call's route from its contract: path, method, access, validation and the
 * documentation. The handler is given the validated parts and the caller the access hook resolved.
 */
export function route<const C extends CallContract>(
  api: Api,
  call: C,
  handler: (input: RouteInput<C>) => Promise<RouteAnswer<C>>,
  options: RouteOptions = {},
) {
  api.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    config: { access: call.access },
    schema: {
      summary: call.summary,
      ...(call.description !== undefined && { description: call.description }),
      tags: [...call.tags],
      ...(call.params && { params: call.params }),
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      ...(call.answer && { response: responses(call.answer, call.refusalData) }),
      ...options.schema,
    },
    handler: (request, reply) =>
      handler({
        request,
        reply,
        params: request.params,
        query: request.query,
        body: request.body,
        ...grantOf(request),
        // The contract's schemas validated these parts and the hook resolved the grant its access names.
      } as RouteInput<C>),
  });
}
