// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { page, resolveQuickRange, type PageInput } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQueryStore } from '../queryStore';
import { QueryBar } from './QueryBar';
import { SessionWrapper, testSession, todayQuery } from '../../testing/testSession';

const ZONE = 'Asia/Shanghai';

function show(filter: PageInput['filter'], props: Partial<Parameters<typeof QueryBar>[0]> = {}) {
  return render(
    <SessionWrapper
      session={testSession({
        medias: [{ code: 'Weibo', name: '微博' }],
        mediaTypes: [{ code: 'news', name: '新闻' }],
      })}
    >
      <QueryBar page={page.parse({ filter })} timeZone={ZONE} {...props} />
    </SessionWrapper>,
  );
}

const query = () => useQueryStore.getState().query;

beforeEach(() => useQueryStore.getState().open(todayQuery(Date.now(), ZONE)));
afterEach(cleanup);

describe('QueryBar layout', () => {
  it('renders the configured items in the spec order', () => {
    show([
      { type: 'report' },
      { type: 'download', data_type: 'download_pdf' },
      { type: 'download', data_type: 'download_word' },
      { type: 'quick_range' },
      { type: 'popover', options: [{ field: 'media_level', type: 'multi_select' }] },
      { type: 'denoise' },
      { type: 'search' },
      { type: 'select', field: 'media_platform' },
      { type: 'download', data_type: 'download_ppt' },
      { type: 'date_range' },
    ]);
    const ids = [
      'date-range',
      'select-media_platform',
      'keyword-search',
      'denoise-toggle',
      'filter-popover-trigger',
      'quick-range-today',
      'download-download_ppt',
      'download-download_word',
      'download-download_pdf',
      'report-button',
    ];
    const nodes = ids.map((id) => screen.getByTestId(id));
    for (let i = 1; i < nodes.length; i++) {
      const order = nodes[i - 1]!.compareDocumentPosition(nodes[i]!);
      expect(order & Node.DOCUMENT_POSITION_FOLLOWING, `${ids[i - 1]} before ${ids[i]}`).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
    expect(screen.queryByTestId('download-download_excel')).toBeNull();
  });

  it('calls onDownload and onReport', () => {
    const onDownload = vi.fn();
    const onReport = vi.fn();
    show(
      [
        { type: 'download', data_type: 'download_excel' },
        { type: 'report', label: '报告' },
      ],
      { onDownload, onReport },
    );
    fireEvent.click(screen.getByTestId('download-download_excel'));
    expect(onDownload).toHaveBeenCalledWith('download_excel');
    fireEvent.click(screen.getByTestId('report-button'));
    expect(onReport).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('report-button').textContent).toContain('报告');
  });

  it('shows the report button loading while a report is made', () => {
    show([{ type: 'report' }], { reporting: true });
    expect(screen.getByTestId('report-button').className).toContain('ant-btn-loading');
  });
});

describe('download templates', () => {
  const template = (id: string, name: string, builtIn = true) => ({
    id,
    name,
    colors: [],
    accent: '3673F1',
    background: 'FFFFFF',
    builtIn,
  });
  const downloads: PageInput['filter'] = [
    { type: 'download', data_type: 'download_ppt' },
    { type: 'download', data_type: 'download_word' },
  ];

  it('exports with the default on a click and with a template chosen from the menu', async () => {
    const onDownload = vi.fn();
    show(downloads, {
      onDownload,
      templates: {
        download_ppt: [template('default', '默认（看板配色）'), template('t-1', '品牌模板', false)],
        download_word: [template('default', '默认（看板配色）')],
      },
    });
    fireEvent.click(screen.getByTestId('download-download_ppt'));
    expect(onDownload).toHaveBeenLastCalledWith('download_ppt');

    // The Word button has the default alone: no menu.
    expect(screen.queryByTestId('download-download_word-templates')).toBeNull();
    fireEvent.click(screen.getByTestId('download-download_word'));
    expect(onDownload).toHaveBeenLastCalledWith('download_word');

    fireEvent.click(screen.getByTestId('download-download_ppt-templates'));
    expect(await screen.findByText('选择模板导出')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('download-template-t-1'));
    expect(onDownload).toHaveBeenLastCalledWith('download_ppt', 't-1');
  });

  it('keeps plain buttons until the templates are known', () => {
    show(downloads);
    expect(screen.getByTestId('download-download_ppt')).toBeTruthy();
    expect(screen.queryByTestId('download-download_ppt-templates')).toBeNull();
  });
});

describe('keyword search', () => {
  it('sets q on Enter', () => {
    show([{ type: 'search' }]);
    const input = screen.getByRole('searchbox', { name: '关键词' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '华为 + 手机' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(query().q).toBe('华为 + 手机');
    expect(screen.queryByTestId('keyword-error')).toBeNull();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('华为 + 手机');
  });

  it('sets q with the search button', () => {
    show([{ type: 'search' }]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' title:华为 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(query().q).toBe('title:华为');
  });

  it('shows an invalid expression inline with its position and does not apply it', () => {
    show([{ type: 'search' }]);
    const input = screen.getByRole('searchbox', { name: '关键词' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '华为 | (手机' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const error = screen.getByTestId('keyword-error');
    expect(error.textContent).toMatch(/第 \d+ 个字符处/);
    expect(query().q).toBe('');
    expect(query().useModified).toBe(false);
    fireEvent.change(input, { target: { value: '华为' } });
    expect(screen.queryByTestId('keyword-error')).toBeNull();
  });
});

describe('denoise toggle', () => {
  it("switches between '' and 'NO' on each click", () => {
    show([{ type: 'denoise' }]);
    const button = screen.getByTestId('denoise-toggle');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(query().denoise).toBe('NO');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toContain('已去噪');
    fireEvent.click(button);
    expect(query().denoise).toBe('');
  });
});

describe('quick ranges', () => {
  it('sets the range and highlights the chip whose range the query has', () => {
    show([{ type: 'quick_range' }]);
    const today = screen.getByTestId('quick-range-today');
    expect(today.className).toContain('checked');
    fireEvent.click(screen.getByTestId('quick-range-7d'));
    expect({ start: query().start, end: query().end }).toEqual(
      resolveQuickRange('7d', Date.now(), ZONE),
    );
    expect(screen.getByTestId('quick-range-7d').className).toContain('checked');
    expect(screen.getByTestId('quick-range-today').className).not.toContain('checked');
  });
});

describe('date range picker', () => {
  it('shows the range of the query, read-only, with the preset name', () => {
    useQueryStore.getState().setRange(resolveQuickRange('yesterday', Date.now(), ZONE));
    show([{ type: 'date_range' }]);
    const inputs = screen.getByTestId('date-range').querySelectorAll('input');
    expect(inputs).toHaveLength(2);
    expect(inputs[0]!.readOnly).toBe(true);
    expect(inputs[0]!.value).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(screen.getByTestId('date-range-preset').textContent).toBe('昨天');
  });

  it('names a range no preset has 自定义', () => {
    useQueryStore.getState().setRange({ start: Date.UTC(2024, 0, 1), end: Date.UTC(2024, 0, 3) });
    show([{ type: 'date_range' }]);
    expect(screen.getByTestId('date-range-preset').textContent).toBe('自定义');
  });
});

describe('reset', () => {
  it('offers 恢复默认 once the query changed, restoring the defaults (resetQuery)', () => {
    show([{ type: 'denoise' }]);
    expect(screen.queryByTestId('query-reset')).toBeNull();
    const defaults = query();
    fireEvent.click(screen.getByTestId('denoise-toggle'));
    expect(query().denoise).toBe('NO');
    fireEvent.click(screen.getByTestId('query-reset'));
    expect(query()).toEqual(defaults);
    expect(screen.queryByTestId('query-reset')).toBeNull();
  });
});
