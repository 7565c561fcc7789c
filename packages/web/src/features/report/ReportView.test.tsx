// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testReport } from '../../testing/reportFixtures';
import { ReportView } from './ReportView';

const imageUrl = (id: string) => `/images/${id}`;
const HEADER_IMG = '11111111-2222-4333-8444-555555555555';
const LOGO_IMG = '66666666-7777-4888-8999-aaaaaaaaaaaa';

function show(report = testReport()) {
  render(<ReportView report={report} timeZone="Asia/Shanghai" imageUrl={imageUrl} />);
}

afterEach(cleanup);

describe('ReportView', () => {
  it('draws the header, the query line and the theme background', () => {
    show(
      testReport({
        header_img: HEADER_IMG,
        logo_img: LOGO_IMG,
        theme: { colors: [], colorMap: [], bgColor: '#FFEEDD', primaryColor: '#AA0000' },
      }),
    );
    const view = screen.getByTestId('report-view');
    expect(view.style.background).toMatch(/#ffeedd|rgb\(255, 238, 221\)/i);
    const title = screen.getByRole('heading', { level: 1, name: '品牌周报' });
    expect(title.style.color).toMatch(/#aa0000|rgb\(170, 0, 0\)/i);
    expect(screen.getByText('本周声量概览')).toBeTruthy();
    expect(screen.getByText('数据截至周五')).toBeTruthy();
    const sources = [...view.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([`/images/${HEADER_IMG}`, `/images/${LOGO_IMG}`]);
    const source = screen.getByTestId('report-source');
    expect(source.textContent).toContain('2024/03/15 – 2024/03/15');
    expect(source.textContent).toContain('筛选条件：媒体：微博；关键词：新品');
  });

  it('says 无 for filters when the report was made without any', () => {
    show(testReport({ chart_source: { ...testReport().chart_source, filters: [] } }));
    expect(screen.getByTestId('report-source').textContent).toContain('筛选条件：无');
  });

  it('draws each chart from its snapshot between its texts', async () => {
    show();
    const chart = within(screen.getByTestId('report-chart-platforms'));
    expect(chart.getByText('平台分布')).toBeTruthy();
    expect(chart.getByText('微博声量居首')).toBeTruthy();
    expect(chart.getByText('来源：全网监测')).toBeTruthy();
    expect(await chart.findByText('小红书')).toBeTruthy();
    expect(chart.getByText('42')).toBeTruthy();
  });

  it('shows why a chart has no data', () => {
    show(
      testReport({ aggsData: { platforms: { top_text: '', footer_text: '', error: '查询超时' } } }),
    );
    expect(screen.getByRole('alert').textContent).toBe('查询超时');
  });

  it('writes hostile texts as text, never as HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    show(
      testReport({
        title: hostile,
        desc: hostile,
        aggsData: { platforms: { top_text: hostile, footer_text: '<b>粗体</b>' } },
      }),
    );
    const view = screen.getByTestId('report-view');
    expect(view.querySelectorAll('img')).toHaveLength(0);
    expect(view.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hostile);
    expect(screen.getAllByText(hostile)).toHaveLength(3);
  });

  it('says 暂无数据 for a report without charts', () => {
    show(testReport({ charts: [], aggsData: {} }));
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByTestId('widget-grid')).toBeNull();
  });
});
