// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { StatisticsAnswer } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, type Handler } from '../../testing/fakeApi';
import { silenceMessages } from '../../testing/silenceMessages';
import { SessionWrapper, testSession, todayQuery } from '../../testing/testSession';
import { useQueryStore } from '../../query/queryStore';
import { ReportSummary } from './ReportSummary';

const totals = (volume: number, tendency: Record<string, number>) => ({
  volume,
  engagement_num: volume * 10,
  repost_num: 0,
  comment_num: 0,
  like_num: 0,
  read_num: 0,
  zpz_num: 0,
  tendency,
});
const statistics: StatisticsAnswer = {
  current: totals(10, { 正面: 5, 中性: 3, 负面: 2 }),
  previous: totals(8, { 正面: 4, 中性: 3, 负面: 1 }),
  value_type: 'volume',
};

function serve(summary: Handler) {
  return fakeApi({
    'POST /search': ({ body }) =>
      (body as { aggs: string }).aggs === 'common_statistics'
        ? statistics
        : { list: [{ name: 'Weibo', value: 6 }] },
    'POST /ai_report/summary': summary,
  });
}

function show(admin = false) {
  useQueryStore.getState().open(todayQuery(Date.now(), 'Asia/Shanghai'));
  const session = testSession();
  render(
    <SessionWrapper session={{ ...session, user: { ...session.user, isAdmin: admin } }}>
      <ReportSummary title="AI 报告" />
    </SessionWrapper>,
  );
}

const summaryText = () => screen.getByTestId('ai-report-summary').textContent ?? '';

beforeEach(() => silenceMessages());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportSummary', () => {
  it('keeps the rule-based summary when the server has no model', async () => {
    const { calls } = serve(() => null);
    show();
    await screen.findByText(/本期共监测到相关信息 10 条/);
    await waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('POST /ai_report/summary'),
    );
    expect(summaryText()).toContain('摘要由统计规则根据当前筛选条件自动生成。');
    expect(screen.queryByTestId('ai-report-summary-by-model')).toBeNull();
    // The model is asked about the query the summary's searches ran.
    const statisticsCall = calls.find((call) => call.route === 'POST /search')!;
    expect(calls.find((call) => call.route === 'POST /ai_report/summary')!.body).toEqual({
      ...(statisticsCall.body as object),
      aggs: undefined,
    });
  });

  it("shows the model's brief, marked as the model's, its citations linking to their sources", async () => {
    serve(() => ({
      lines: ['本期声量 10 条，较上期上升。[1]', '微博讨论最多。[2][3]'],
      sources: [
        { n: 1, kind: 'figure', text: '本期共监测到相关信息 10 条，较上期上升 25.00%。' },
        {
          n: 2,
          kind: 'post',
          text: '微博 · <b>张三</b>：续航很好（互动 12）',
          post_id: 'p1',
          url: 'https://weibo.com/1',
        },
        { n: 3, kind: 'post', text: '微博 · 李四：电池问题（互动 9）', post_id: 'p2' },
      ],
      dropped: 1,
      insufficient: false,
    }));
    show();
    await screen.findByTestId('ai-report-summary-by-model');
    expect(summaryText()).toContain('本期声量 10 条，较上期上升。[1]微博讨论最多。[2][3]');
    expect(summaryText()).not.toContain('本期共监测到相关信息');
    expect(summaryText()).toContain('[n] 标出所依据的资料');
    expect(screen.getByTestId('ai-report-dropped').textContent).toBe(
      '已删去 1 句数字无法与统计核对的内容。',
    );
    const post = screen.getByTestId('ai-report-citation-2').querySelector('a')!;
    expect(post.getAttribute('href')).toBe('https://weibo.com/1');
    expect(post.getAttribute('rel')).toBe('noopener noreferrer');
    // A figure, and a post without a web link, cite without a link.
    expect(screen.getByTestId('ai-report-citation-1').querySelector('a')).toBeNull();
    expect(screen.getByTestId('ai-report-citation-3').querySelector('a')).toBeNull();
    // A source's text is data: nothing of it became markup.
    expect(screen.getByTestId('ai-report-summary').querySelector('b')).toBeNull();
  });

  it('says 数据不足 in a period with too few posts, without marking it as written by the model', async () => {
    serve(() => ({
      lines: [
        '数据不足：本期仅有 3 条相关信息，不足以撰写可靠的摘要，请扩大时间范围或放宽筛选条件。',
      ],
      sources: [],
      dropped: 0,
      insufficient: true,
    }));
    show();
    await screen.findByText(/^数据不足：本期仅有 3 条相关信息/);
    expect(screen.queryByTestId('ai-report-summary-by-model')).toBeNull();
    expect(summaryText()).toContain('本期信息过少，未请语言模型撰写摘要。');
  });

  it('keeps the rule-based summary, without an error, when the model fails', async () => {
    const { calls } = serve(() => envelope(null, 503, '语言模型服务繁忙，请稍后重试'));
    show();
    await screen.findByText(/本期共监测到相关信息 10 条/);
    await waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('POST /ai_report/summary'),
    );
    expect(summaryText()).not.toContain('繁忙');
    expect(screen.queryByTestId('ai-report-summary-by-model')).toBeNull();
  });

  it('tells an admin, and only an admin, that the model failed and the rules wrote the summary', async () => {
    serve(() => envelope(null, 503, '语言模型服务繁忙，请稍后重试'));
    show(true);
    const failed = await screen.findByTestId('ai-report-model-failed');
    expect(failed.textContent).toContain('语言模型未能撰写摘要（语言模型服务繁忙，请稍后重试）');
    expect(summaryText()).toContain('本期共监测到相关信息 10 条');
  });
});
