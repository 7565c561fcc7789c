// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { post, type Post } from '@yuqing/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionWrapper, testSession } from '../testing/testSession';
import { PostList } from './PostList';

const make = (fields: Record<string, unknown> = {}): Post =>
  post.parse({
    _id: 'copy',
    created: Date.UTC(2024, 0, 2, 3, 4, 5),
    author: '小号',
    media_platform: 'Weibo',
    text: '星河S7的续航不错 转发',
    ...fields,
  });

const duplicate = {
  water_post: 'YES',
  duplicate_of: 'original',
  duplicate_similarity: 0.864,
  duplicate_source: {
    _id: 'original',
    author: '星河汽车',
    created: Date.UTC(2024, 0, 1, 0, 0, 0),
    uri: 'https://weibo.example/original',
    media_platform: 'Weibo',
  },
};

function show(posts: Post[], view: 'normal' | 'compact' = 'normal') {
  const session = testSession({ timezone: 'Asia/Shanghai' });
  return render(
    <SessionWrapper session={session}>
      <PostList posts={posts} terms={[]} view={view} />
    </SessionWrapper>,
  );
}

afterEach(cleanup);

describe('a near duplicate on the post card', () => {
  it('names the post it repeats: author, time, link, _id on hover, similarity', () => {
    show([make(duplicate)]);
    const reason = screen.getByTestId('post-duplicate-copy');
    expect(reason.textContent).toBe('重复与星河汽车 2024-01-01 08:00:00 的帖子相似度 86%');
    const link = reason.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://weibo.example/original');
    expect(link.getAttribute('title')).toBe('帖子 ID：original');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('names it by _id when the server could not list it, and says nothing of others', () => {
    show([
      make({ ...duplicate, duplicate_source: undefined }),
      make({ _id: 'plain' }),
      make({ _id: 'given', water_post: 'YES' }),
    ]);
    expect(screen.getByTestId('post-duplicate-copy').textContent).toBe(
      '重复与帖子 original相似度 86%',
    );
    expect(screen.queryByTestId('post-duplicate-plain')).toBeNull();
    expect(screen.queryByTestId('post-duplicate-given')).toBeNull();
  });

  it('shows 重复 and the similarity on a compact row, the rest on hover', () => {
    show([make(duplicate)], 'compact');
    const mark = screen.getByTestId('post-duplicate-copy');
    expect(mark.textContent).toBe('重复 86%');
    expect(mark.getAttribute('title')).toBe(
      '重复：与 星河汽车 2024-01-01 08:00:00（ID original） 的帖子相似度 86%',
    );
  });
});
