import { describe, expect, it } from 'vitest';
import {
  POST_TEXT_LIMIT,
  displayText,
  formatPostTime,
  highlightSegments,
  highlightTerms,
  platformName,
  postImages,
  postMetrics,
  postVariant,
  retweetedOriginal,
} from './display.js';
import { post, type Post } from './post.js';

const make = (fields: Partial<Post> = {}): Post =>
  post.parse({ _id: 'p1', created: Date.UTC(2024, 0, 2, 3, 4, 5), ...fields });

const joined = (segments: { text: string }[]) => segments.map((s) => s.text).join('');
const hits = (segments: { text: string; hit: boolean }[]) =>
  segments.filter((s) => s.hit).map((s) => s.text);

describe('displayText', () => {
  it('sanitises angle brackets', () => {
    expect(displayText('<b>hi</b>')).toEqual({ text: '＜b＞hi＜/b＞', truncated: false });
  });

  it('cuts text over 500 characters to 500 and an ellipsis', () => {
    const long = '续'.repeat(POST_TEXT_LIMIT + 1);
    const shown = displayText(long);
    expect(shown.truncated).toBe(true);
    expect(shown.text).toBe(`${'续'.repeat(POST_TEXT_LIMIT)}…`);
    expect(displayText('续'.repeat(POST_TEXT_LIMIT))).toEqual({
      text: '续'.repeat(POST_TEXT_LIMIT),
      truncated: false,
    });
  });

  it('counts code points, so an emoji is never split', () => {
    const shown = displayText('😀'.repeat(POST_TEXT_LIMIT + 3));
    expect(Array.from(shown.text)).toHaveLength(POST_TEXT_LIMIT + 1);
    expect(shown.text.endsWith('😀…')).toBe(true);
  });

  it('marks a text flagged long as truncated even when short', () => {
    expect(displayText('短文', true)).toEqual({ text: '短文…', truncated: true });
  });
});

describe('highlightTerms', () => {
  it('takes the positive terms of q and the highlight lines, longest first', () => {
    const terms = highlightTerms('续航 -广告 (充电 | title:外观)', '星河汽车\n星河S7\n');
    expect(terms).toEqual(['星河s7', '星河汽车', '充电', '外观', '续航']);
    expect(terms).not.toContain('广告');
  });

  it('leaves out an invalid expression but keeps the project lines', () => {
    expect(highlightTerms('(续航', '星河')).toEqual(['星河']);
    expect(highlightTerms('', '')).toEqual([]);
  });

  it('drops duplicates across q and the lines, case-insensitively', () => {
    expect(highlightTerms('ABC abc', 'Abc')).toEqual(['abc']);
  });
});

describe('highlightSegments', () => {
  it('marks every match and gives back the text when joined', () => {
    const text = '星河S7续航很好，续航是亮点';
    const segments = highlightSegments(text, ['续航']);
    expect(joined(segments)).toBe(text);
    expect(hits(segments)).toEqual(['续航', '续航']);
  });

  it('is case-insensitive for Latin letters and keeps the original case', () => {
    expect(hits(highlightSegments('The s7 and the S7 Pro', ['s7 pro', 's7']))).toEqual([
      's7',
      'S7 Pro',
    ]);
  });

  it('prefers the longest term at a position', () => {
    const segments = highlightSegments('星河汽车与星河', ['星河', '星河汽车']);
    expect(hits(segments)).toEqual(['星河汽车', '星河']);
  });

  it('matches regular-expression characters literally', () => {
    for (const term of ['.', '*', '+', '?', '(', ')', '[', ']', '|', '\\', '^', '$', 'a.b']) {
      const text = `x${term}y axb`;
      const segments = highlightSegments(text, [term]);
      expect(joined(segments), term).toBe(text);
      expect(hits(segments), term).toEqual([term]);
    }
  });

  it('leaves markup as text: it is sanitised before and never parsed', () => {
    const text = displayText('<img src=x onerror=alert(1)> 续航').text;
    const segments = highlightSegments(text, highlightTerms('续航'));
    expect(joined(segments)).toBe('＜img src=x onerror=alert(1)＞ 续航');
    expect(hits(segments)).toEqual(['续航']);
    expect(hits(highlightSegments(text, highlightTerms('"<img"')))).toEqual(['＜img']);
  });

  it('answers the whole text as one plain segment without terms, nothing for no text', () => {
    expect(highlightSegments('abc', [])).toEqual([{ text: 'abc', hit: false }]);
    expect(highlightSegments('', ['a'])).toEqual([]);
    expect(highlightSegments('abc', [''])).toEqual([{ text: 'abc', hit: false }]);
  });
});

describe('post variants and metrics', () => {
  it('chooses the card by platform', () => {
    expect(postVariant(make({ media_platform: 'Weibo' }))).toBe('weibo');
    expect(postVariant(make({ media_platform: 'WeChat' }))).toBe('wechat');
    for (const platform of ['Douyin', 'Bilibili', 'Kuaishou'])
      expect(postVariant(make({ media_platform: platform }))).toBe('video');
    expect(postVariant(make({ media_platform: 'Red' }))).toBe('red');
    expect(postVariant(make({ media_platform: 'Web' }))).toBe('default');
  });

  it('shows the metrics of the platform, abbreviated above 1000', () => {
    const weibo = postMetrics(
      make({ media_platform: 'Weibo', repost_num: 1500, comment_num: 999, like_num: 2_000_000 }),
    );
    expect(weibo.map((m) => `${m.label}${m.text}`)).toEqual(['转发1.5k', '评论999', '点赞2m']);
    const wechat = postMetrics(make({ media_platform: 'WeChat', read_num: 12_345, like_num: 3 }));
    expect(wechat.map((m) => `${m.label}${m.text}`)).toEqual(['阅读12.3k', '点赞3']);
    const video = postMetrics(make({ media_platform: 'Douyin', play_num: 100_000 }));
    expect(video.map((m) => m.label)).toEqual(['播放', '点赞', '评论', '分享']);
    expect(video[0]!.text).toBe('100k');
  });

  it('falls back to the media type, then to the non-zero counts', () => {
    const news = make({ media_platform: 'APP', media_type: 'news', comment_num: 4 });
    expect(postMetrics(news).map((m) => m.label)).toEqual(['评论']);
    const other = make({ media_platform: 'Web', media_type: 'blog', like_num: 2 });
    expect(postMetrics(other).map((m) => m.label)).toEqual(['点赞']);
  });
});

describe('post parts', () => {
  it('takes at most 9 images, from imgs or else the thumbnails', () => {
    const many = Array.from({ length: 12 }, (_, i) => `/i/${i}.svg`);
    expect(postImages(make({ imgs: many }))).toHaveLength(9);
    expect(postImages(make({ pic_urls: [{ thumbnail_pic: '/t.svg' }] }))).toEqual(['/t.svg']);
  });

  it('formats the created time in the project zone', () => {
    expect(formatPostTime(Date.UTC(2024, 0, 2, 3, 4, 5), 'Asia/Shanghai')).toBe(
      '2024-01-02 11:04:05',
    );
    expect(formatPostTime(Date.UTC(2024, 0, 2, 3, 4, 5), 'UTC')).toBe('2024-01-02 03:04:05');
  });

  it('names platforms: the project medias first, then the product names', () => {
    expect(platformName('Weibo', [{ code: 'Weibo', name: '微博' }])).toBe('微博');
    expect(platformName('Weibo', [{ code: 'Weibo', name: '新浪微博' }])).toBe('新浪微博');
    expect(platformName('Dewu', [])).toBe('得物');
    expect(platformName('Other', [])).toBe('Other');
  });

  it('reads the retweeted original', () => {
    const repost = make({
      retweeted: 'YES',
      retweeted_status: { _id: 'o1', text: '原文', user: { screen_name: '原作者' } },
    });
    expect(retweetedOriginal(repost)).toMatchObject({
      _id: 'o1',
      text: '原文',
      screenName: '原作者',
    });
    expect(retweetedOriginal(make())).toBeUndefined();
    expect(retweetedOriginal(make({ retweeted_status: { text: 1 } }))).toBeUndefined();
  });
});
