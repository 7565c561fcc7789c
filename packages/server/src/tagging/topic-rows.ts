import type { TopicRow } from '@yuqing/core';
import type { TagMatcher } from './compile-matcher.js';
import { emotionOf } from './emotion.js';
import type { TextTags } from './tag-text.js';

/** For each topic mention, the index of its topic's row: one row per topic, first mention first. */
export function topicRowIndexes(tags: TextTags): number[] {
  const rows = new Map<number, number>();
  return tags.topics.map((mention) => {
    let row = rows.get(mention.index);
    if (row === undefined) rows.set(mention.index, (row = rows.size));
    return row;
  });
}

/** kg2's topic rows: each topic once, its words and the sentiment words said of it, summed. */
export function topicRows(matcher: TagMatcher, tags: TextTags): TopicRow[] {
  const rowOfMention = topicRowIndexes(tags);
  const rows: TopicRow[] = [];
  tags.topics.forEach((mention, i) => {
    const rowIndex = rowOfMention[i]!;
    let row = rows[rowIndex];
    if (!row) {
      const topic = matcher.rules.topics[mention.index]!;
      row = rows[rowIndex] = {
        topic: topic.name,
        topic_path: topic.path,
        topic_words: [],
        sentiment_words: [],
        score: 0,
        emotion: '中性',
      };
    }
    if (!row.topic_words.includes(mention.word)) row.topic_words.push(mention.word);
    for (const word of mention.sentimentWords)
      if (!row.sentiment_words.includes(word)) row.sentiment_words.push(word);
    row.score += mention.score;
    row.emotion = emotionOf(row.score);
  });
  return rows;
}
