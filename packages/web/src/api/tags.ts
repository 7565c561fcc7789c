import {
  TAG_CALLS,
  type Kg2Answer,
  type Kg2Request,
  type RetagStatus,
  type StoredTagRules,
  type TagsNewAnswer,
  type TagsNewRequest,
} from '@yuqing/core';
import { call, callUrl } from './call';

/** `PUT /tags-api/reload/rules`: the server rebuilds the project's matcher; it says 重新加载规则成功. */
export async function reloadTagRules(): Promise<void> {
  await call(TAG_CALLS.reloadRules, {}, { messageType: 'success' });
}

/** `POST /tags-api/tags_new`: the products the text names. */
export function tagProducts(body: TagsNewRequest): Promise<TagsNewAnswer> {
  return call(TAG_CALLS.tagsNew, { body });
}

/** `POST /tags-api/kg2`: the topics and relations of the text and its products. */
export function tagTopics(body: Kg2Request): Promise<Kg2Answer> {
  return call(TAG_CALLS.kg2, { body });
}

/** `GET /tags-api/rules`: the project's rules and who replaced them last (admins). */
export function fetchTagRules(): Promise<StoredTagRules> {
  return call(TAG_CALLS.rules);
}

/**
 * `PUT /tags-api/rules/csv`: replaces the rules with a CSV file's; answers how many rules. The
 * file goes as text/csv (the body `{ csv }` as the server reads it): the server decodes it as it
 * arrives (JSON of megabytes held its thread).
 */
export async function importTagRulesCsv(csv: string): Promise<number> {
  const file = { type: 'text/csv; charset=utf-8', text: csv };
  return (await call(TAG_CALLS.importRulesCsv, { body: { csv } }, { file })).rules;
}

/** Where the browser downloads the rules as CSV. */
export const tagRulesCsvUrl = () => callUrl(TAG_CALLS.rulesCsv);

/** `GET /tags-api/retag`: the project's re-tag of its stored posts and how far it has got. */
export function fetchRetagStatus(): Promise<RetagStatus> {
  return call(TAG_CALLS.retag);
}

/** `POST /tags-api/retag`: starts re-tagging the project's stored posts by its current rules. */
export function startRetag(): Promise<RetagStatus> {
  return call(TAG_CALLS.startRetag);
}
