import {
  TAGS_API,
  kg2Answer,
  retagStatus,
  storedTagRules,
  tagsNewAnswer,
  type Kg2Answer,
  type Kg2Request,
  type RetagStatus,
  type StoredTagRules,
  type TagsNewAnswer,
  type TagsNewRequest,
} from '@yuqing/core';
import { z } from 'zod';
import { apiUrl, noData, request } from './client';

const importedRules = z.object({ rules: z.number().int() });

/** `PUT /tags-api/reload/rules`: the server rebuilds the project's matcher; it says 重新加载规则成功. */
export function reloadTagRules(): Promise<undefined> {
  return request(TAGS_API.reloadRules, noData, { method: 'PUT', messageType: 'success' });
}

/** `POST /tags-api/tags_new`: the products the text names. */
export function tagProducts(body: TagsNewRequest): Promise<TagsNewAnswer> {
  return request(TAGS_API.tagsNew, tagsNewAnswer, { method: 'POST', body });
}

/** `POST /tags-api/kg2`: the topics and relations of the text and its products. */
export function tagTopics(body: Kg2Request): Promise<Kg2Answer> {
  return request(TAGS_API.kg2, kg2Answer, { method: 'POST', body });
}

/** `GET /tags-api/rules`: the project's rules and who replaced them last (admins). */
export function fetchTagRules(): Promise<StoredTagRules> {
  return request(TAGS_API.rules, storedTagRules);
}

/**
 * `PUT /tags-api/rules/csv`: replaces the rules with a CSV file's; answers how many rules. The
 * file goes as text/csv: the server decodes it as it arrives (JSON of megabytes held its thread).
 */
export async function importTagRulesCsv(csv: string): Promise<number> {
  const file = { type: 'text/csv; charset=utf-8', text: csv };
  return (await request(TAGS_API.rulesCsv, importedRules, { method: 'PUT', file })).rules;
}

/** Where the browser downloads the rules as CSV. */
export const tagRulesCsvUrl = () => apiUrl(TAGS_API.rulesCsv);

/** `GET /tags-api/retag`: the project's re-tag of its stored posts and how far it has got. */
export function fetchRetagStatus(): Promise<RetagStatus> {
  return request(TAGS_API.retag, retagStatus);
}

/** `POST /tags-api/retag`: starts re-tagging the project's stored posts by its current rules. */
export function startRetag(): Promise<RetagStatus> {
  return request(TAGS_API.retag, retagStatus, { method: 'POST' });
}
