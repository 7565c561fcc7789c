import { z } from 'zod';

/** Every API answer is `{ success, msg?, data? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    msg: z.string().optional(),
    data: data.optional(),
  });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  msg: z.string(),
});

export interface Envelope<T> {
  success: boolean;
  msg?: string;
  data?: T;
}

/** Message the server gives for an unknown index, shown by the web as the info 暂无数据. */
export const INDEX_NOT_FOUND = 'index_not_found_exception';
