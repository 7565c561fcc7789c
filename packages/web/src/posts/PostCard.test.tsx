// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { post, type Post } from '@yuqing/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionWrapper, testSession } from '../testing/testSession';
import { KG_POST_KEY, readKgPost } from './kgHandOver';
import { PostList } from './PostList';

const make = (fields: Record<string, unknown> = {}): Post =>
  post.parse({
    _id: 'p1',
    created: Date.UTC(2024, 0, 2, 3, 4, 5),
    uri: 'https://weibo.example/p1',
    author: '作者',
    media_platform: 'Weibo',
    media_type: 'microblog',
    tendency: '负面',
    text: '星河S7的续航不错',
    ...fields,
  });

function show(posts: Post[], options: { view?: 'normal' | 'compact'; verify?: boolean } = {}) {
  const session = testSession({
    medias: [{ code: 'Weibo', name: '微博' }],
    highlight_keyword: '星河S7',
    timezone: 'Asia/Shanghai',
  });
  return render(
    <SessionWrapper session={session}>
      <PostList posts={posts} terms={['星河s7', '续航']} {...options} />
    </SessionWrapper>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('PostCard', () => {
  it('highlights the terms with <mark> and shows time, platform and tendency', () => {
    show([make({ repost_num: 1500, comment_num: 2, like_num: 999 })]);
    const card = screen.getByTestId('post-card-p1');
    const marks = [...card.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['星河S7', '续航']);
    expect(card.textContent).toContain('2024-01-02 11:04:05');
    expect(card.textContent).toContain('微博');
    expect(card.querySelector('[data-tendency="负面"]')).not.toBeNull();
    expect(card.textContent).toContain('转发 1.5k');
    expect(card.textContent).toContain('点赞 999');
    const link = [...card.querySelectorAll('a')].find((a) => a.textContent?.includes('原文'))!;
    expect(link.getAttribute('href')).toBe('https://weibo.example/p1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never turns text into markup', () => {
    show([make({ text: '<img src=x onerror="alert(1)">续航', title: '<b>标题</b>' })]);
    const card = screen.getByTestId('post-card-p1');
    expect(card.querySelector('img[src="x"]')).toBeNull();
    expect(card.querySelector('b')?.textContent).not.toBe('标题');
    expect(card.textContent).toContain('＜img src=x onerror="alert(1)"＞');
    expect(card.textContent).toContain('＜b＞标题＜/b＞');
  });

  it('cuts long text at 500 characters and offers 展开/收起', () => {
    show([make({ text: '长'.repeat(800) })]);
    const toggle = screen.getByTestId('post-card-expand');
    expect(toggle.textContent).toBe('展开');
    const card = screen.getByTestId('post-card-p1');
    expect(card.textContent).toContain(`${'长'.repeat(500)}…`);
    expect(card.textContent).not.toContain('长'.repeat(501));
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('收起');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows at most 9 lazy images in reserved boxes', () => {
    const imgs = Array.from({ length: 12 }, (_, i) => `/demo-assets/image/${i}.svg`);
    show([make({ imgs })]);
    const images = screen.getByTestId('post-card-p1').querySelectorAll('img[loading="lazy"]');
    // 9 pictures and the avatar placeholder has no image here.
    expect([...images].filter((img) => img.getAttribute('src')?.includes('/image/'))).toHaveLength(
      9,
    );
  });

  it('sends images of other hosts through the image proxy', () => {
    show([make({ imgs: ['https://cdn.example/a.jpg'] })]);
    const img = screen.getByTestId('post-card-p1').querySelector('img[loading="lazy"]')!;
    expect(img.getAttribute('src')).toContain('/proxy?type=img&uri=https%3A%2F%2Fcdn.example');
  });

  it('quotes the retweeted original inside a Weibo repost', () => {
    show([
      make({
        retweeted: 'YES',
        retweeted_status: { _id: 'o1', text: '原文说续航', user: { screen_name: '原作者' } },
      }),
    ]);
    const quoted = screen.getByTestId('post-card-retweeted');
    expect(quoted.textContent).toContain('@原作者');
    expect(quoted.querySelector('mark')?.textContent).toBe('续航');
  });

  it('draws each platform its own way', () => {
    show([
      make({ _id: 'v', media_platform: 'Douyin', imgs: ['/c.svg'], play_num: 12_300 }),
      make({ _id: 'w', media_platform: 'WeChat', read_num: 5000, like_num: 10 }),
      make({ _id: 'r', media_platform: 'Red' }),
      make({ _id: 'n', media_platform: 'APP', media_type: 'news', comment_num: 3 }),
    ]);
    expect(screen.getByTestId('post-card-v').getAttribute('data-variant')).toBe('video');
    expect(screen.getByLabelText('播放视频')).toBeTruthy();
    expect(screen.getByTestId('post-card-v').textContent).toContain('12.3k 次播放');
    expect(screen.getByTestId('post-card-w').textContent).toContain('公众号');
    expect(screen.getByTestId('post-card-w').textContent).toContain('阅读 5k');
    expect(screen.getByTestId('post-card-r').getAttribute('data-variant')).toBe('red');
    expect(screen.getByTestId('post-card-n').textContent).toContain('评论 3');
    expect(screen.getByTestId('post-card-n').textContent).not.toContain('点赞');
  });

  it('draws compact rows without images', () => {
    show([make({ imgs: ['/a.svg'] })], { view: 'compact' });
    const row = screen.getByTestId('post-card-p1');
    expect(row.getAttribute('data-view')).toBe('compact');
    expect(row.querySelector('img')).toBeNull();
  });

  it('says 暂无数据 for an empty list', () => {
    show([]);
    expect(screen.getByTestId('post-list-empty').textContent).toContain('暂无数据');
  });

  it('hands the post to #/kg through local storage and a new tab, only with verify', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    show([make()]);
    expect(screen.queryByTestId('post-kg-p1')).toBeNull();
    cleanup();
    show([make()], { verify: true });
    fireEvent.click(screen.getByTestId('post-kg-p1'));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/#\/kg$/), '_blank', 'noopener');
    expect(JSON.parse(localStorage.getItem(KG_POST_KEY)!)._id).toBe('p1');
    expect(readKgPost()?.text).toBe('星河S7的续航不错');
  });
});

describe('readKgPost', () => {
  it('answers nothing when nothing was handed over, and throws on a bad value', () => {
    expect(readKgPost()).toBeUndefined();
    localStorage.setItem(KG_POST_KEY, '{"_id":');
    expect(() => readKgPost()).toThrow();
    localStorage.setItem(KG_POST_KEY, '{"_id": 1}');
    expect(() => readKgPost()).toThrow(/不是有效的文章/);
  });
});
