import { describe, expect, it } from 'vitest';
import { fillPrompt } from './fill-prompt.js';

const post = {
  title: '星河汽车发布会',
  text: '新车续航 700 公里',
  body: '正文',
  media: '新浪新闻',
  author: '小王',
  media_platform: 'Weibo',
  like_num: 12,
  hash_tag: ['新车', '续航'],
  user: { screen_name: '汽车观察' },
};

describe('fillPrompt', () => {
  it("fills a post's fields and its user's into every message, keeping the roles", () => {
    const filled = fillPrompt(
      [
        { role: 'system', content: '你是{media_platform}舆情分析师' },
        {
          role: 'user',
          content: '标题：{title}\n正文：{text}{body}\n来源：{media}/{author}/{user.screen_name}',
        },
        { role: 'user', content: '点赞 {like_num}，话题 {hash_tag}' },
      ],
      post,
    );
    expect(filled).toEqual([
      { role: 'system', content: '你是Weibo舆情分析师' },
      {
        role: 'user',
        content: '标题：星河汽车发布会\n正文：新车续航 700 公里正文\n来源：新浪新闻/小王/汽车观察',
      },
      { role: 'user', content: '点赞 12，话题 新车、续航' },
    ]);
  });

  it('leaves placeholders that name no post field as written, and empties missing fields', () => {
    const [filled] = fillPrompt(
      [
        {
          role: 'user',
          content: '{unknown} {user.nope} {title.x} {constructor} {summary}|{ title }',
        },
      ],
      { title: 'T' },
    );
    expect(filled!.content).toBe('{unknown} {user.nope} {title.x} {constructor} |{ title }');
  });

  it('inserts values once, as plain text', () => {
    const [filled] = fillPrompt([{ role: 'user', content: '{title} / {text}' }], {
      title: '{text} $& $1',
      text: 'x',
    });
    expect(filled!.content).toBe('{text} $& $1 / x');
  });
});
