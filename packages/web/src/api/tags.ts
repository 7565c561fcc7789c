import {
  TAGS_API,
  kg2Answer,
  tagsNewAnswer,
  type Kg2Answer,
  type Kg2Request,
  type TagsNewAnswer,
  type TagsNewRequest,
} from '@yuqing/core';
import { noData, request } from './client';

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
