import { z } from 'zod';
import { defineCall } from './call.js';

/** The server itself. */
export const SYSTEM_CALLS = {
  /** Answered without the metadata store or the posts engine. */
  health: defineCall({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness',
    tags: ['system'],
    answer: z.object({ status: z.literal('ok') }),
  }),
};
