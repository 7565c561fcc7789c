// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { NamedTheme, Report } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fakeApi';
import { silenceMessages } from '../../../testing/silenceMessages';
import { testReport } from '../../../testing/reportFixtures';
import { ReportEditor } from './ReportEditor';

const report = testReport();
const ocean: NamedTheme = {
  id: 'ocean',
  name: '海洋',
  builtIn: true,
  theme: { colors: ['#0077BE', '#00A6ED'], colorMap: [], bgColor: '#EEF6FB' },
};
const IMAGE_ID = '11111111-2222-4333-8444-555555555555';

function serve() {
  return fakeApi({
    'GET /report/theme': () => ({ list: [ocean] }),
    'POST /report': ({ body }) => ({ ...report, ...(body as Partial<Report>) }),
    'POST /report/imgs': ({ body }) => ({
      id: IMAGE_ID,
      name: (body as { name: string }).name,
      type: 'image/png',
      size: 4,
      created: 0,
    }),
  });
}

function show() {
  const onSaved = vi.fn<(report: Report) => void>();
  render(<ReportEditor report={report} onSaved={onSaved} onClose={() => {}} />);
  return onSaved;
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const type = (element: Element, value: string) =>
  act(() => void fireEvent.change(element, { target: { value } }));
const chartTexts = () => within(screen.getByTestId('chart-texts-platforms'));
const sent = (calls: { route: string; body: unknown }[], route: string) =>
  calls.filter((call) => call.route === route).map((call) => call.body);

const choose = (input: HTMLElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });
const fileInput = (name: string) =>
  screen.getByTestId(`${name}-upload`).closest('.ant-upload')!.querySelector('input')!;

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportEditor', () => {
  it('saves the texts and each chart texts by chart id', async () => {
    const { calls } = serve();
    const onSaved = show();
    type(screen.getByTestId('report-editor-title'), '品牌月报');
    type(chartTexts().getByLabelText('图表上方文字'), '小红书增长最快');
    click(screen.getByTestId('report-editor-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(calls, 'POST /report')).toEqual([
      {
        id: report.id,
        title: '品牌月报',
        desc: '本周声量概览',
        header_text: '数据截至周五',
        header_img: null,
        logo_img: null,
        theme: report.theme,
        aggsText: { platforms: { top_text: '小红书增长最快', footer_text: '来源：全网监测' } },
      },
    ]);
    expect(onSaved.mock.calls[0]![0].title).toBe('品牌月报');
  });

  it('asks for a title before saving', async () => {
    const { calls } = serve();
    show();
    type(screen.getByTestId('report-editor-title'), '  ');
    click(screen.getByTestId('report-editor-save'));
    expect(await screen.findByText('请输入报告标题')).toBeTruthy();
    expect(sent(calls, 'POST /report')).toEqual([]);
  });

  it('takes a saved theme', async () => {
    const { calls } = serve();
    show();
    const select = screen.getByTestId('theme-select');
    await waitFor(() => expect(sent(calls, 'GET /report/theme')).toHaveLength(1));
    act(() => void fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select));
    click(await screen.findByTitle('海洋'));
    click(screen.getByTestId('report-editor-save'));
    await waitFor(() => expect(sent(calls, 'POST /report')).toHaveLength(1));
    expect(sent(calls, 'POST /report')[0]).toMatchObject({ theme: ocean.theme });
  });

  it('saves the theme being edited under a name', async () => {
    const { calls } = fakeApi({
      'GET /report/theme': () => ({ list: [] }),
      'POST /report/theme': ({ body }) => ({ id: 't2', builtIn: false, ...(body as object) }),
    });
    show();
    type(screen.getByTestId('theme-name'), '品牌色');
    click(screen.getByTestId('theme-save'));
    await waitFor(() => expect(message.success).toHaveBeenCalledWith('主题已保存'));
    expect(sent(calls, 'POST /report/theme')).toEqual([{ name: '品牌色', theme: report.theme }]);
  });

  it('refuses images of other types or over 2 MB before sending them', async () => {
    const { calls } = serve();
    show();
    choose(fileInput('logo-img'), new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    await waitFor(() =>
      expect(message.error).toHaveBeenCalledWith('图片须为 PNG、JPEG、GIF 或 WebP'),
    );
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'b.png', { type: 'image/png' });
    choose(fileInput('logo-img'), large);
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('图片不能超过 2 MB'));
    expect(sent(calls, 'POST /report/imgs')).toEqual([]);
  });

  it('uploads a header image, shows it and saves its id', async () => {
    const { calls } = serve();
    show();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });
    choose(fileInput('header-img'), png);
    await waitFor(() => expect(screen.queryByTestId('header-img-remove')).toBeTruthy());
    expect(sent(calls, 'POST /report/imgs')).toEqual([
      { name: 'banner.png', data: 'data:image/png;base64,iVBORw==' },
    ]);
    const preview = document.querySelector('.ant-drawer img')!;
    expect(preview.getAttribute('src')).toContain(`/api/v1/report/imgs/${IMAGE_ID}`);

    click(screen.getByTestId('report-editor-save'));
    await waitFor(() => expect(sent(calls, 'POST /report')).toHaveLength(1));
    expect(sent(calls, 'POST /report')[0]).toMatchObject({ header_img: IMAGE_ID, logo_img: null });
  });
});
