/** The tagging thread (see tagger.ts): each project's compiled rules, and the texts it tags. */
import type { Kg2Answer, TagRules, TagsNewAnswer } from '@yuqing/core';
import { answerCalls } from '../jobs/thread-calls.js';
import { compileMatcher, type TagMatcher } from './compile-matcher.js';
import { NOT_LOADED, type TaggerAnswer, type TaggerCall } from './tagger-calls.js';
import { productTags } from './product-tags.js';
import { relationRows } from './relation-rows.js';
import { tagText } from './tag-text.js';
import { topicRows } from './topic-rows.js';

/** Each project's compiled rules, by the version they were compiled from. */
const matchers = new Map<string, { version: string; matcher: TagMatcher }>();

function matcherOf(projectId: string, version: string): TagMatcher | undefined {
  const held = matchers.get(projectId);
  return held?.version === version ? held.matcher : undefined;
}

answerCalls((call: TaggerCall): TaggerAnswer => {
  if (call.op === 'load') {
    const matcher = compileMatcher(JSON.parse(call.text) as TagRules);
    matchers.set(call.projectId, { version: call.version, matcher });
    return null;
  }
  const matcher = matcherOf(call.projectId, call.version);
  if (!matcher) return NOT_LOADED;
  const tags = tagText(matcher, call.request);
  if (call.op === 'tagsNew') {
    return answered(productTags(matcher, tags, call.request.product_mentions));
  }
  const topics = topicRows(matcher, tags);
  const relations = relationRows(matcher, tags, topics, call.request.product_mentions_infos);
  return answered({ topics, relations });
});

/**
 * A route's whole answer as JSON, written here: an answer of thousands of mentions took the
 * server's thread tens of milliseconds to check and write.
 */
const answered = (data: TagsNewAnswer | Kg2Answer) => JSON.stringify({ success: true, data });
