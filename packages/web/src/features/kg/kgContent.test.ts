import { TAG_TEXT_MAX_CHARS, post } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { contentOfPost } from './kgContent';

const handedOver = (text: string) =>
  contentOfPost(
    post.parse({
      _id: 'p1',
      created: Date.UTC(2024, 0, 2),
      uri: 'https://news.example/p1',
      author: '作者',
      media_platform: 'Web',
      media_type: 'news',
      text,
    }),
  );

describe('contentOfPost', () => {
  it('keeps the most characters the server tags at once, never half a pair', () => {
    expect(handedOver('星河S7的续航不错').body).toBe('星河S7的续航不错');
    const long = handedOver('长'.repeat(TAG_TEXT_MAX_CHARS + 500)).body;
    expect(long).toHaveLength(TAG_TEXT_MAX_CHARS);
    // An emoji (two UTF-16 units) across the limit is left out whole.
    const emoji = handedOver(`${'长'.repeat(TAG_TEXT_MAX_CHARS - 1)}😀尾`).body;
    expect(emoji).toBe('长'.repeat(TAG_TEXT_MAX_CHARS - 1));
  });
});
