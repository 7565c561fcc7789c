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

  it("shows the model's summary, marked as the model's", async () => {
    serve(() => ({ lines: ['本期声量 10 条，较上期上升。', '微博讨论最多。'] }));
    show();
    await screen.findByTestId('ai-report-summary-by-model');
    expect(summaryText()).toContain('本期声量 10 条，较上期上升。微博讨论最多。');
    expect(summaryText()).not.toContain('本期共监测到相关信息');
    expect(summaryText()).toContain('摘要由语言模型根据当前筛选条件下的统计数字撰写');
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
