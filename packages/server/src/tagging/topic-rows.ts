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

/**
 * kg2's topic rows: each topic once, its words and the sentiment words said of it, summed. The
 * topics of a clause share one list of sentiment words, added to a row once.
 */
export function topicRows(matcher: TagMatcher, tags: TextTags): TopicRow[] {
  const rowOfMention = topicRowIndexes(tags);
  const rows: TopicRow[] = [];
  const seen: { topicWords: Set<string>; words: Set<string>; lists: Set<readonly string[]> }[] = [];
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
      seen[rowIndex] = { topicWords: new Set(), words: new Set(), lists: new Set() };
    }
    const rowSeen = seen[rowIndex]!;
    if (!rowSeen.topicWords.has(mention.word)) {
      rowSeen.topicWords.add(mention.word);
      row.topic_words.push(mention.word);
    }
    if (!rowSeen.lists.has(mention.sentimentWords)) {
      rowSeen.lists.add(mention.sentimentWords);
      for (const word of mention.sentimentWords) {
        if (rowSeen.words.has(word)) continue;
        rowSeen.words.add(word);
        row.sentiment_words.push(word);
      }
    }
    row.score += mention.score;
    row.emotion = emotionOf(row.score);
  });
  return rows;
}
