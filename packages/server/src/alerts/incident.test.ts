import { describe, expect, it } from 'vitest';
import { post, type Post } from '@yuqing/core';
import { firstPostOf } from './incident.js';

const at = (minute: number) => Date.UTC(2026, 9, 21, 2, minute);
const make = (fields: Partial<Post> & { _id: string; created: number }): Post =>
  post.parse({ text: '', ...fields });

const recall = '星河汽车宣布召回部分车辆，原因是电池管理系统存在安全隐患，车主需到店检查';

describe('首发 of an incident', () => {
  const unrelated = make({ _id: 'u', created: at(0), text: '周末去试驾了新车，空间很大' });
  const copy = make({ _id: 'copy', created: at(5), text: `${recall}。` });
  const root = make({ _id: 'root', created: at(10), text: recall });
  const retweet = make({
    _id: 'rt',
    created: at(20),
    text: '太吓人了',
    retweeted: 'YES',
    retweeted_status: { _id: 'root' },
  });
  const retweetOfRetweet = make({ _id: 'rt2', created: at(30), text: '转发', rel: 'rt' });

  it('is the earliest near duplicate or retweet-chain post of the lead post', () => {
    const posts = [unrelated, copy, root, retweet, retweetOfRetweet];
    expect(firstPostOf(retweetOfRetweet, posts)._id).toBe('copy');
    expect(firstPostOf(retweetOfRetweet, [unrelated, root, retweet, retweetOfRetweet])._id).toBe(
      'root',
    );
  });

  it('follows a chain whose root lies before the incident, and is the lead post when alone', () => {
    expect(firstPostOf(retweetOfRetweet, [unrelated, retweet, retweetOfRetweet])._id).toBe('rt');
    expect(firstPostOf(unrelated, [unrelated, retweet])._id).toBe('u');
  });
});
