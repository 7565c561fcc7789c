// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { chart, chartRequest, post } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../testing/fakeApi';
import { silenceMessages } from '../../testing/silenceMessages';
import { testReport } from '../../testing/reportFixtures';
import { SharedReportPage } from './SharedReportPage';

const TOKEN = 'tok_abc-123';
const LOGO = '66666666-7777-4888-8999-aaaaaaaaaaaa';
const shared = {
  report: testReport({ published: true, logo_img: LOGO }),
  projectName: '演示项目',
  timeZone: 'Asia/Shanghai',
};

beforeEach(() => {
  silenceMessages();
  // A share link may be opened from a project's address too: the call still names no project.
  window.history.replaceState(null, '', '/demo/demo/demo/latest/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SharedReportPage', () => {
  it('shows the report and its project without a session, asking with the token alone', async () => {
    const { calls } = fakeApi({ 'GET /report/shared': () => shared });
    render(<SharedReportPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: '品牌周报' })).toBeTruthy();
    expect(screen.getByTestId('shared-report-project').textContent).toBe('演示项目');
    expect(screen.getByText('微博声量居首')).toBeTruthy();
    expect(screen.queryByTestId('report-edit')).toBeNull();

    expect(calls).toHaveLength(1);
    expect([...calls[0]!.params]).toEqual([['token', TOKEN]]);
    const logo = screen.getByAltText('logo').getAttribute('src')!;
    expect(logo).toBe(`/api/v1/report/shared/imgs/${LOGO}?token=${TOKEN}`);
    await waitFor(() => expect(document.title).toBe('品牌周报 - 演示项目'));
  });

  it('draws post widgets, whose cards need no session', async () => {
    const list = chart.parse({ i: 'posts', type: 'post-list', x: 0, y: 0, w: 24, h: 30 });
    const report = testReport({ charts: [list] });
    const { now, query } = report.chart_source;
    const request = chartRequest(query, list, { now, timeZone: 'Asia/Shanghai' });
    const made = post.parse({
      _id: 'p1',
      created: now,
      author: '作者',
      media_platform: 'Weibo',
      text: '新品发布会反响热烈',
    });
    report.aggsData = {
      posts: {
        top_text: '',
        footer_text: '',
        data: { request, size: 10, sort: 'created', page: { list: [made], total: 1 } },
      },
    };
    fakeApi({
      'GET /report/shared': () => ({ report, projectName: '演示项目', timeZone: 'Asia/Shanghai' }),
    });
    render(<SharedReportPage token={TOKEN} />);
    expect(await screen.findByText('新品发布会反响热烈')).toBeTruthy();
  });

  it("shows the server's reason for an expired link, and neither reloads nor leaves", async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    fakeApi({ 'GET /report/shared': () => envelope(null, 410, '分享链接已失效') });
    render(<SharedReportPage token={TOKEN} />);
    const refused = await screen.findByTestId('shared-report-refused');
    expect(refused.textContent).toContain('分享链接已失效');
    expect(refused.className).toContain('ant-result-warning');
    expect(reload).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('');
  });

  it('says so for a link that was never made', async () => {
    fakeApi({ 'GET /report/shared': () => envelope(null, 404, '分享链接不存在') });
    render(<SharedReportPage token={TOKEN} />);
    const refused = await screen.findByTestId('shared-report-refused');
    expect(refused.textContent).toContain('分享链接不存在');
    expect(refused.className).toContain('ant-result-404');
  });
});
