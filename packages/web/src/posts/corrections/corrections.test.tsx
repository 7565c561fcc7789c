// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { post, type Post, type PostCorrectionAnswer } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { PostList } from '../PostList';
import { useCorrections } from './correctionStore';

const correctPost = vi.hoisted(() => vi.fn());
vi.mock('../../api/corrections', () => ({ correctPost }));
// antd's toasts render in a root of their own and close on a timer of their own, which ran React
// after the test page was gone (an unhandled "window is not defined" that fails the run).
vi.mock('antd', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd')>()),
  message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const make = (fields: Record<string, unknown> = {}): Post =>
  post.parse({
    _id: 'p1',
    created: Date.UTC(2024, 0, 2, 3, 4, 5),
    media_platform: 'Weibo',
    tendency: '负面',
    text: '星河S7的续航不错',
    ...fields,
  });

function show(posts: Post[], signedIn = true) {
  const session = testSession({ timezone: 'Asia/Shanghai' });
  if (!signedIn) session.user = { ...session.user, isLogin: false, isGuest: true };
  return render(
    <SessionWrapper session={session}>
      <PostList posts={posts} terms={[]} />
    </SessionWrapper>,
  );
}

beforeEach(() => useCorrections.setState({ posts: {}, generation: 0 }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('corrections on post cards', () => {
  it('marks a post a person set with 人工, saying who and when', async () => {
    // The server lists `corrected`; an import never carries it (the post schema drops it).
    const corrected = { sentiment: { by: '张三', at: '2024-05-01T02:00:00.000Z' } };
    show([{ ...make(), corrected } as Post]);
    const mark = screen.getByTestId('post-corrected-p1');
    expect(mark.textContent).toBe('人工');
    fireEvent.mouseEnter(mark);
    await waitFor(() =>
      expect(document.body.textContent).toContain('情感倾向：张三，2024-05-01 10:00:00'),
    );
    cleanup();
    show([make()]);
    expect(screen.queryByTestId('post-corrected-p1')).toBeNull();
  });

  it('changes the sentiment from 修改倾向: the card shows the answer and widgets reload', async () => {
    const answer: PostCorrectionAnswer = {
      correction: {
        postId: 'p1',
        field: 'sentiment',
        machineValue: '负面',
        personValue: '正面',
        by: 'tester',
        at: '2024-05-01T02:00:00.000Z',
      },
      post: {
        _id: 'p1',
        tendency: '正面',
        water_post: 'NO',
        corrected: { sentiment: { by: 'tester', at: '2024-05-01T02:00:00.000Z' } },
      },
    };
    correctPost.mockResolvedValue(answer);
    show([make()]);
    expect(screen.queryByTestId('post-clear-duplicate-p1')).toBeNull();
    fireEvent.click(screen.getByTestId('post-correct-p1'));
    fireEvent.click(await screen.findByTestId('post-sentiment-p1-正面'));
    await waitFor(() =>
      expect(correctPost).toHaveBeenCalledWith({ _id: 'p1', field: 'sentiment', value: '正面' }),
    );
    const card = screen.getByTestId('post-card-p1');
    await waitFor(() => expect(card.querySelector('[data-tendency="正面"]')).not.toBeNull());
    expect(screen.getByTestId('post-corrected-p1')).toBeTruthy();
    expect(useCorrections.getState().generation).toBe(1);
  });

  it('offers 清除重复标记 on a duplicate only, and drops the post it was said to repeat', async () => {
    correctPost.mockResolvedValue({
      correction: {
        postId: 'p1',
        field: 'duplicate',
        machineValue: 'YES',
        personValue: 'NO',
        by: 'tester',
        at: '2024-05-01T02:00:00.000Z',
      },
      post: {
        _id: 'p1',
        tendency: '负面',
        water_post: 'NO',
        corrected: { duplicate: { by: 'tester', at: '2024-05-01T02:00:00.000Z' } },
      },
    } satisfies PostCorrectionAnswer);
    show([make({ water_post: 'YES' })]);
    await act(async () => {
      fireEvent.click(screen.getByTestId('post-clear-duplicate-p1'));
    });
    expect(correctPost).toHaveBeenCalledWith({ _id: 'p1', field: 'duplicate' });
    await waitFor(() => expect(screen.queryByTestId('post-clear-duplicate-p1')).toBeNull());
    expect(useCorrections.getState().posts.p1?.water_post).toBe('NO');
  });

  it('offers nothing to a guest', () => {
    show([make({ water_post: 'YES' })], false);
    expect(screen.queryByTestId('post-correct-p1')).toBeNull();
    expect(screen.queryByTestId('post-clear-duplicate-p1')).toBeNull();
  });
});
