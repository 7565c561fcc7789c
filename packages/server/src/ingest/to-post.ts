import { fieldMessage, parseCreated, post, withPathAncestors, type Post } from '@yuqing/core';
import { fastPost } from './fast-post.js';

export interface RowError {
  line: number;
  field: string;
  message: string;
}

export type RowResult = { ok: true; post: Post } | { ok: false; error: RowError };

/**
 * What a row's failure tells: nesting too deep for the stack (a value nested 100,000 levels),
 * else the error's own message.
 */
export function rowFailureMessage(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return '嵌套层级过深';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Validates one input row as a post: `created` as epoch ms or ISO 8601 (no zone = the project's
 * zone), every other field by core's post schema (or its faster copy, fastPost, for the rows that
 * need checking only). Path lists, kg_infos' too, gain their ancestors.
 */
export function toPost(line: number, value: unknown, timeZone: string): RowResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: { line, field: '', message: '每一行必须是一个对象' } };
  }
  const row = { ...(value as Record<string, unknown>) };
  if (row.created === undefined || row.created === null || row.created === '') {
    return { ok: false, error: { line, field: 'created', message: '缺少发布时间' } };
  }
  try {
    const created = row.created;
    row.created = parseCreated(
      typeof created === 'string' && /^\d+$/.test(created) ? Number(created) : (created as string),
      timeZone,
    );
  } catch (error) {
    return { ok: false, error: { line, field: 'created', message: rowFailureMessage(error) } };
  }
  const fast = fastPost(row);
  if (fast) return { ok: true, post: withPathAncestors(fast) };
  // Given here, not by zod's global settings: import workers are threads of their own.
  const parsed = post.safeParse(row, { error: fieldMessage });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      error: { line, field: issue.path.join('.'), message: issue.message },
    };
  }
  return { ok: true, post: withPathAncestors(parsed.data) };
}
