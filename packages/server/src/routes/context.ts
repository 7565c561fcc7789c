import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../auth/access.js';
import type { Config } from '../config.js';
import type { PostsEngine } from '../engine/types.js';
import type { PostImporter } from '../ingest/importer.js';
import type { Store } from '../store/index.js';
import type { Audit } from './audit.js';

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route module is given. */
export interface RouteContext {
  config: Config;
  store: Store;
  access: Access;
  engine: PostsEngine;
  importer: PostImporter;
  /** Writes an audit entry of a request (routes/audit.ts). */
  audit: Audit;
}

export function ok<T>(data: T) {
  return { success: true as const, data };
}
